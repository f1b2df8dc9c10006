import { type ApiClient, type CallResponse } from 'shared-contracts';
import { failed, type Outcome } from '../../../lib/problem';

/** A payment method the account saved for auto-renewal (getPaymentMethods). */
export type PaymentMethod = CallResponse<'getPaymentMethods'>['list'][number];

/** The account's saved payment methods, newest first. */
export async function loadPaymentMethods(api: ApiClient): Promise<Outcome<PaymentMethod[]>> {
  const result = await api.call('getPaymentMethods', {}, { closeMessage: true });
  return result.ok ? { ok: true, data: result.data.list } : failed(result);
}

/** Deletes one of them: the renewals it paid for mail a pay link from now on. */
export async function deletePaymentMethod(api: ApiClient, id: number): Promise<Outcome<true>> {
  const result = await api.call('deletePaymentMethod', { id }, { closeMessage: true });
  return result.ok ? { ok: true, data: true } : failed(result);
}
