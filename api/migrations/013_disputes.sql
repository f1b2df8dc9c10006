-- 013: money that goes back after an order was paid (issue 23). A refund made at the provider (by us, from its
-- dashboard, by PayPal reversing a capture) and a dispute (a chargeback) arrive as verified provider events, are
-- applied once each like payments (payments/disputes.ts), and stop what the order bought through the network side
-- (connectivity/revoke.ts). A reconciliation job fetches the Stripe events our webhook missed (payments/reconcile.ts).

-- refund_state: 'refunded' (all of it went back; status 'refunded'), 'reversed' (PayPal took it back; status
-- 'refunded'), 'partial' (some of it went back; the order keeps its package and its status), 'operator' (an operator
-- refunds by hand, as before).
ALTER TABLE orders DROP CONSTRAINT orders_refund_state_check;
ALTER TABLE orders ADD CONSTRAINT orders_refund_state_check
  CHECK (refund_state IN ('refunded', 'operator', 'partial', 'reversed'));
-- What went back so far, minor units of the order's currency (the provider reports it cumulatively).
ALTER TABLE orders ADD COLUMN refunded_amount bigint CHECK (refunded_amount >= 0);
-- A dispute (chargeback) opened by the payer's bank: when we heard of it and the provider's id of it. The order keeps
-- its status (the outcome is the bank's); what it bought is stopped.
ALTER TABLE orders ADD COLUMN disputed_at timestamptz;
ALTER TABLE orders ADD COLUMN dispute_ref text CHECK (length(dispute_ref) <= 255);

-- Refund and dispute events name the payment (Stripe's PaymentIntent, PayPal's capture), not our order.
CREATE INDEX payments_provider_payment_idx ON payments (provider, provider_payment_id)
  WHERE provider_payment_id IS NOT NULL;

-- Where reconciliation stands per provider: events created after `created_after` (seconds) are still to be fetched.
-- While a run that could not fetch everything catches up, `resume_before` bounds the next fetch from above (the older
-- part of the window) and `resume_to` is where the cursor moves once it is done. `lease_until`: one run at a time.
CREATE TABLE payment_event_cursors (
  provider text PRIMARY KEY,
  created_after bigint NOT NULL,
  resume_before bigint,
  resume_to bigint,
  lease_until timestamptz,
  last_run_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
