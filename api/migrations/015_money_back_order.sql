-- 015: money back that arrives before its payment (issue 23 review). A refund or dispute names the provider's payment;
-- when that payment is not recorded yet its event waits (payments/disputes.ts), and the payment's fulfilment applies
-- the refunds and disputes stored for it first. Both look stored events up by the payment they name.
CREATE INDEX payment_events_payment_idx ON payment_events (provider, ((payload -> 'event' ->> 'paymentId')))
  WHERE (payload -> 'event' ->> 'paymentId') IS NOT NULL;
