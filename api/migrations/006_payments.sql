-- 006: payments you can trust (issue 9, api side). Extends the orders, payment_events and addresses tables of 001:
-- an order is priced on the server, gets at most one provider session, and is fulfilled exactly once from a
-- verified provider event (payments.order_id and card_packages.order_id are unique).

-- Sales tax by billing region: US states, DC and outlying areas (57) and Canadian provinces and territories (13).
-- State or provincial base rates (GST/HST/PST combined for Canada) as fractions; local surcharges are not modelled.
-- AK, DE, MT, NH and OR have no general sales tax. Operators update the rates here; the api reads them per order.
CREATE TABLE tax_regions (
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  region text NOT NULL,
  rate numeric(7, 5) NOT NULL CHECK (rate >= 0 AND rate < 1),
  PRIMARY KEY (country, region)
);

INSERT INTO tax_regions (country, region, rate) VALUES
  ('US', 'AL', 0.04), ('US', 'AK', 0), ('US', 'AZ', 0.056), ('US', 'AR', 0.065), ('US', 'CA', 0.0725),
  ('US', 'CO', 0.029), ('US', 'CT', 0.0635), ('US', 'DE', 0), ('US', 'FL', 0.06), ('US', 'GA', 0.04),
  ('US', 'HI', 0.04), ('US', 'ID', 0.06), ('US', 'IL', 0.0625), ('US', 'IN', 0.07), ('US', 'IA', 0.06),
  ('US', 'KS', 0.065), ('US', 'KY', 0.06), ('US', 'LA', 0.05), ('US', 'ME', 0.055), ('US', 'MD', 0.06),
  ('US', 'MA', 0.0625), ('US', 'MI', 0.06), ('US', 'MN', 0.06875), ('US', 'MS', 0.07), ('US', 'MO', 0.04225),
  ('US', 'MT', 0), ('US', 'NE', 0.055), ('US', 'NV', 0.0685), ('US', 'NH', 0), ('US', 'NJ', 0.06625),
  ('US', 'NM', 0.04875), ('US', 'NY', 0.04), ('US', 'NC', 0.0475), ('US', 'ND', 0.05), ('US', 'OH', 0.0575),
  ('US', 'OK', 0.045), ('US', 'OR', 0), ('US', 'PA', 0.06), ('US', 'RI', 0.07), ('US', 'SC', 0.06),
  ('US', 'SD', 0.042), ('US', 'TN', 0.07), ('US', 'TX', 0.0625), ('US', 'UT', 0.061), ('US', 'VT', 0.06),
  ('US', 'VA', 0.053), ('US', 'WA', 0.065), ('US', 'WV', 0.06), ('US', 'WI', 0.05), ('US', 'WY', 0.04),
  ('US', 'DC', 0.06), ('US', 'AS', 0), ('US', 'GU', 0.05), ('US', 'MP', 0), ('US', 'PR', 0.105), ('US', 'UM', 0),
  ('US', 'VI', 0.05),
  ('CA', 'AB', 0.05), ('CA', 'BC', 0.12), ('CA', 'MB', 0.12), ('CA', 'NB', 0.15), ('CA', 'NL', 0.15),
  ('CA', 'NS', 0.14), ('CA', 'NT', 0.05), ('CA', 'NU', 0.05), ('CA', 'ON', 0.13), ('CA', 'PE', 0.15),
  ('CA', 'QC', 0.14975), ('CA', 'SK', 0.11), ('CA', 'YT', 0.05);

-- Saved billing addresses: one per card (the address form always names the card), the latest save wins.
ALTER TABLE addresses ALTER COLUMN tax_rate TYPE numeric(7, 5);
CREATE UNIQUE INDEX addresses_one_per_card_idx ON addresses (iccid) WHERE iccid IS NOT NULL;

-- Which provider takes an agent's card payments; NULL: the configured default (PAYMENT_PROVIDER).
ALTER TABLE agents ADD COLUMN payment_provider text CHECK (payment_provider IN ('sandbox', 'stripe'));

-- Orders: what was bought is fixed at creation (amount and tax in minor units of currency, computed on the server).
-- amount is the price before tax; the provider charges amount + tax_amount.
ALTER TABLE orders ADD COLUMN product_kind text NOT NULL DEFAULT 'card' CHECK (product_kind IN ('card', 'pool'));
ALTER TABLE orders ADD COLUMN pay_method text CHECK (pay_method IN ('stripe', 'paypal'));
ALTER TABLE orders ADD COLUMN tax_rate numeric(7, 5) NOT NULL DEFAULT 0;
-- The same purchase asked twice while its order is open (double tap, two tabs) finds that order and its session.
ALTER TABLE orders ADD COLUMN purchase_key text;
-- One caller at a time creates the provider session (claimed_at); the others wait for pay_url.
ALTER TABLE orders ADD COLUMN session_claimed_at timestamptz;
ALTER TABLE orders ADD COLUMN session_expires_at timestamptz;
ALTER TABLE orders ADD COLUMN pay_url text;
ALTER TABLE orders ADD COLUMN receipt_sent_at timestamptz;
ALTER TABLE orders ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE UNIQUE INDEX orders_open_purchase_idx ON orders (purchase_key)
  WHERE purchase_key IS NOT NULL AND status IN ('created', 'pending');
CREATE INDEX orders_created_idx ON orders (created_at DESC, id DESC);

-- Every verified provider event, once (UNIQUE (provider, event_id) from 001); result says what it did.
ALTER TABLE payment_events ADD COLUMN result text;
CREATE INDEX payment_events_order_idx ON payment_events (order_id);

-- The money received for an order: at most one payment per order, which is also the order's one fulfilment.
CREATE TABLE payments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL UNIQUE REFERENCES orders (id),
  provider text NOT NULL,
  provider_payment_id text,
  amount bigint NOT NULL CHECK (amount >= 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  event_id bigint REFERENCES payment_events (id),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- An order adds at most one package (the seed's packages without an order are not affected).
CREATE UNIQUE INDEX card_packages_order_idx ON card_packages (order_id) WHERE order_id IS NOT NULL;

-- Payment methods a provider saved for auto-renewal (sandbox token, Stripe customer + payment method, PayPal vault).
CREATE TABLE saved_payment_methods (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint REFERENCES users (id) ON DELETE CASCADE,
  iccid text REFERENCES cards (iccid) ON DELETE CASCADE,
  pool_id bigint REFERENCES pools (id) ON DELETE CASCADE,
  provider text NOT NULL,
  token text NOT NULL,
  customer_ref text,
  order_id bigint REFERENCES orders (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, token)
);
CREATE INDEX saved_payment_methods_iccid_idx ON saved_payment_methods (iccid);

-- The sandbox provider's own records (it stands in for an external provider): one hosted session per order.
CREATE TABLE sandbox_sessions (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{20,64}$'),
  order_id bigint NOT NULL UNIQUE REFERENCES orders (id),
  amount bigint NOT NULL CHECK (amount >= 0),
  currency text NOT NULL,
  method text NOT NULL CHECK (method IN ('stripe', 'paypal')),
  save_method boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'challenge', 'succeeded', 'declined', 'cancelled')),
  challenge_attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
