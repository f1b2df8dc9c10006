-- 011: the network side (issue 22). Every package a card buys is handed to the connectivity provider that carries
-- it (the built-in simulator or eSIM Go), exactly once; the provider's usage reports move the package's figures and
-- life (init -> active -> stop or invalid), and the card's figures are the sum of its active packages.

-- Which bundle of the provider a package is (eSIM Go's bundle name, e.g. esim_1GB_7D_IM_U); NULL: the package code.
ALTER TABLE packages ADD COLUMN provider_bundle text;

-- The package at the provider. provider_state: 'pending' (bought, waiting to be applied: the apply job is queued),
-- 'applied' (the provider carries it; provider_assignment is its id there), 'refused' (the provider said no for
-- good: the package is invalid and its order refunded or flagged), 'none' (nothing to apply: pools, history).
ALTER TABLE card_packages ADD COLUMN provider text;
ALTER TABLE card_packages ADD COLUMN provider_state text NOT NULL DEFAULT 'none'
  CHECK (provider_state IN ('none', 'pending', 'applied', 'refused'));
ALTER TABLE card_packages ADD COLUMN provider_assignment text;
ALTER TABLE card_packages ADD COLUMN apply_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE card_packages ADD COLUMN apply_first_at timestamptz;
-- One attempt at a time: an attempt holds the package until then (a provider without idempotency keys must never
-- see two attempts of one package at once).
ALTER TABLE card_packages ADD COLUMN apply_lease_until timestamptz;
ALTER TABLE card_packages ADD COLUMN apply_error text;
ALTER TABLE card_packages ADD COLUMN applied_at timestamptz;
-- When the provider measured the newest figures applied (older reports never move used_bytes back).
ALTER TABLE card_packages ADD COLUMN usage_at timestamptz;
-- Slowed down on this package now (fair use of an unlimited package): the card's kind 2.
ALTER TABLE card_packages ADD COLUMN throttled boolean NOT NULL DEFAULT false;
-- Why it stopped: 'expired', 'depleted', 'revoked', 'refused'.
ALTER TABLE card_packages ADD COLUMN ended_reason text;
CREATE UNIQUE INDEX card_packages_assignment_idx ON card_packages (provider, provider_assignment)
  WHERE provider_assignment IS NOT NULL;
CREATE INDEX card_packages_pending_idx ON card_packages (id) WHERE provider_state = 'pending';
CREATE INDEX card_packages_active_end_idx ON card_packages (expire_timestamp) WHERE status = 'active';

-- The card at the provider: when we last asked it (refresh is rate-limited per card), where it was seen last.
ALTER TABLE cards ADD COLUMN provider_checked_at timestamptz;
ALTER TABLE cards ADD COLUMN last_seen_country text;
ALTER TABLE cards ADD COLUMN last_seen_network text;
ALTER TABLE cards ADD COLUMN last_seen_at timestamptz;

-- Orders a provider refused to carry: refunded through the payment provider, or waiting for an operator.
ALTER TABLE orders ADD COLUMN refund_state text CHECK (refund_state IN ('refunded', 'operator'));
ALTER TABLE orders ADD COLUMN refund_note text;

-- Every usage report applied, once: (provider, event_key). A report seen before changes nothing.
CREATE TABLE connectivity_events (
  provider text NOT NULL,
  event_key text NOT NULL,
  iccid text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_key)
);

-- Alerts the cardholder chose for a card (none: the defaults, 20% and 5% data left and 24 h before expiry).
CREATE TABLE card_alert_settings (
  iccid text PRIMARY KEY REFERENCES cards (iccid) ON DELETE CASCADE,
  -- Percent of data left at which to alert, highest first; empty: no data alerts.
  thresholds smallint[] NOT NULL DEFAULT '{20,5}'
    CHECK (array_length(thresholds, 1) IS NULL OR array_length(thresholds, 1) <= 3),
  expiry boolean NOT NULL DEFAULT true,
  -- Unsubscribed from the alert mails by the link in one of them (the notices on the card page stay).
  mail boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Alerts raised, at most one per package, kind and threshold; mailed once (mailed_at).
CREATE TABLE card_alerts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  card_package_id bigint NOT NULL REFERENCES card_packages (id) ON DELETE CASCADE,
  iccid text NOT NULL REFERENCES cards (iccid) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('low_data', 'expiry')),
  -- Percent left for low_data; hours before the end for expiry.
  threshold smallint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  mailed_at timestamptz,
  mail_claimed_at timestamptz,
  notice_id bigint REFERENCES notices (id) ON DELETE SET NULL,
  UNIQUE (card_package_id, kind, threshold)
);
CREATE INDEX card_alerts_unmailed_idx ON card_alerts (id) WHERE mailed_at IS NULL;

-- Unsubscribe links of alert mails: only the token's SHA-256 is stored.
CREATE TABLE alert_unsubscribe_tokens (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  iccid text NOT NULL REFERENCES cards (iccid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);

-- The simulator's own network (the default provider): its cards and the bundles applied to them. A real provider
-- keeps this on its side; the simulator keeps it here so it survives restarts and serves several api instances.
CREATE TABLE simulator_cards (
  iccid text PRIMARY KEY,
  status text NOT NULL DEFAULT 'Ready' CHECK (status IN ('Ready', 'Activated', 'Suspension')),
  country text,
  network text,
  last_seen_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE simulator_assignments (
  id text PRIMARY KEY,
  iccid text NOT NULL,
  -- The shop's reference (its card package): one assignment per reference, however often it is applied.
  reference text NOT NULL UNIQUE,
  bundle text NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'active', 'depleted', 'expired', 'revoked')),
  initial_bytes bigint,
  used_bytes bigint NOT NULL DEFAULT 0,
  unlimited boolean NOT NULL DEFAULT false,
  validity_days integer NOT NULL,
  fair_use_daily_bytes bigint,
  -- Usage in the current fair-use day (UTC) and that day.
  day_used_bytes bigint NOT NULL DEFAULT 0,
  day date,
  started_at timestamptz,
  ends_at timestamptz,
  assigned_at timestamptz NOT NULL DEFAULT now(),
  -- Each report the simulator sends about it gets the next number (its event id).
  report_seq bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX simulator_assignments_iccid_idx ON simulator_assignments (iccid);
CREATE INDEX simulator_assignments_live_idx ON simulator_assignments (iccid) WHERE state IN ('queued', 'active');

-- When the simulated network last ran (its time moves usage on).
CREATE TABLE simulator_clock (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  ticked_at timestamptz NOT NULL
);
