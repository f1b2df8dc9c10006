-- 014: shared data pools, all the way (issue 24). A pool is made pending by createPool and becomes Activated only
-- when its plan's payment is fulfilled; its member cards draw from the pool's shared quota at the network.

-- A pool waiting for its plan's payment (createPool): never listed, never blocking its cards, dropped when its
-- checkout is abandoned or expires. NULL: a real pool. A deleted pool (poolDelete) keeps its rows for its orders and
-- records; it is listed and answered no more.
ALTER TABLE pools ADD COLUMN pending_since timestamptz;
ALTER TABLE pools ADD COLUMN deleted_at timestamptz;
CREATE INDEX pools_pending_idx ON pools (pending_since) WHERE pending_since IS NOT NULL AND deleted_at IS NULL;

-- The cards a pending pool is to take when it is paid. Not pool_members (iccid UNIQUE there): a card may be named by
-- several unpaid pools at once and still buys anything meanwhile.
CREATE TABLE pool_pending_members (
  pool_id bigint NOT NULL REFERENCES pools (id) ON DELETE CASCADE,
  iccid text NOT NULL REFERENCES cards (iccid) ON DELETE CASCADE,
  position integer NOT NULL,
  PRIMARY KEY (pool_id, iccid)
);
CREATE INDEX pool_pending_members_iccid_idx ON pool_pending_members (iccid);

-- What each member card used of a pool package, as the network reported it (cumulative, never moved back). The pool
-- package's used_bytes is their sum; the pool's is the sum over its active packages.
CREATE TABLE pool_line_usage (
  card_package_id bigint NOT NULL REFERENCES card_packages (id) ON DELETE CASCADE,
  iccid text NOT NULL,
  used_bytes bigint NOT NULL DEFAULT 0 CHECK (used_bytes >= 0),
  usage_at timestamptz,
  PRIMARY KEY (card_package_id, iccid)
);

-- The simulator's shared bundles (its own records, as simulator_assignments are): one per pool package (our
-- reference), with the member cards it serves as lines. A line card draws from the shared quota while it lasts.
CREATE TABLE simulator_pools (
  id text PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  bundle text NOT NULL,
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('queued', 'active', 'depleted', 'expired', 'revoked')),
  initial_bytes bigint,
  used_bytes bigint NOT NULL DEFAULT 0,
  unlimited boolean NOT NULL DEFAULT false,
  validity_days integer NOT NULL,
  started_at timestamptz,
  ends_at timestamptz,
  assigned_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX simulator_pools_live_idx ON simulator_pools (id) WHERE state IN ('queued', 'active');

CREATE TABLE simulator_pool_lines (
  pool_id text NOT NULL REFERENCES simulator_pools (id) ON DELETE CASCADE,
  iccid text NOT NULL,
  -- What this card used of the shared bundle so far.
  used_bytes bigint NOT NULL DEFAULT 0,
  -- false: taken out of the pool (its figures stay; it draws no more).
  active boolean NOT NULL DEFAULT true,
  report_seq bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (pool_id, iccid)
);
