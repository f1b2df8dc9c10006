-- 017: eSIM profiles come from the connectivity provider (issue 25). A paid eSIM shop order (product_kind 'esim')
-- gets one profile request, queued with its job in the payment's transaction; the job orders the profile (ICCID,
-- SM-DP+ address, matching ID, with the package's bundle on it) from the provider under our reference
-- 'esim-order-<order id>', once, and then makes the card, the slot's profile and the package from the answer.
CREATE TABLE esim_profile_requests (
  order_id bigint PRIMARY KEY REFERENCES orders (id),
  eid text NOT NULL REFERENCES esim_slots (eid) ON DELETE CASCADE,
  -- 'pending' (the job will order it), 'issued' (iccid names the profile), 'refused' (the provider said no for good:
  -- the order is paid back), 'unknown' (an earlier attempt may have ordered at a provider without idempotency keys:
  -- an operator looks, never a second order).
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'issued', 'refused', 'unknown')),
  provider text,
  attempts integer NOT NULL DEFAULT 0,
  first_attempt_at timestamptz,
  lease_until timestamptz,
  iccid text REFERENCES cards (iccid) ON DELETE SET NULL,
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX esim_profile_requests_pending_idx ON esim_profile_requests (created_at) WHERE state = 'pending';

-- The profile's state as the provider reports it (released, downloaded, installed, enabled, disabled, deleted,
-- install_fail), why an install failed, and when we last asked.
ALTER TABLE esim_profiles ADD COLUMN provider_state text;
ALTER TABLE esim_profiles ADD COLUMN fail_reason text;
ALTER TABLE esim_profiles ADD COLUMN checked_at timestamptz;

-- The simulator's own profiles (the default provider): issued with random ICCIDs and matching IDs, moving through
-- released -> downloaded -> installed -> enabled on the simulator's clock, or to install_fail (fail_reason set at
-- issue time for the set share of profiles).
CREATE TABLE simulator_profiles (
  iccid text PRIMARY KEY,
  eid text NOT NULL,
  reference text NOT NULL UNIQUE,
  smdp_address text NOT NULL,
  matching_id text NOT NULL,
  assignment_id text,
  state text NOT NULL DEFAULT 'released'
    CHECK (state IN ('released', 'downloaded', 'installed', 'enabled', 'disabled', 'deleted', 'install_fail')),
  fail_reason text,
  released_at timestamptz NOT NULL,
  state_at timestamptz NOT NULL,
  installed_at timestamptz
);
CREATE INDEX simulator_profiles_moving_idx ON simulator_profiles (released_at)
  WHERE state IN ('released', 'downloaded', 'installed');
