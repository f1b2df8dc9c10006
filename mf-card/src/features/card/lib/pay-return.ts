import { type PayReturn } from 'shared-contracts';

/** What returnType=suc (or fail) reports on: the order id (the provider's return address, else PAY_RETURN) and the stored hand-over. */
export interface PaidReturn {
  orderId: string | null;
  /** The sheet's PAY_RETURN, when it is this card's. */
  stored: PayReturn | null;
  /** returnType=fail: the payment was declined (the dialog says so and offers to try again). */
  returnType?: 'fail';
}
