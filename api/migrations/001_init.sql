-- 001: the whole domain of spec section 3. Later migrations add columns and tables; they do not redesign these.
-- Conventions: money is integer minor units (bigint) + ISO 4217 code; data amounts are bytes (bigint);
-- instants are timestamptz except cards.expire_timestamp, which the wire carries as epoch seconds.

-- Key/value configuration served by getConfig (lang_list, ccy_list, login_url, download links, ...).
CREATE TABLE config (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Accounts. e-mail is stored lower-cased; the password is an argon2id PHC string, never plain text.
CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 64),
  password_hash text CHECK (password_hash IS NULL OR password_hash LIKE '$argon2id$%'),
  email_verified_at timestamptz,
  area text NOT NULL DEFAULT 'US',
  ccy text,
  lang text,
  close_message boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Third-party (OpenID Connect) identities linked to a user.
CREATE TABLE user_identities (
  provider text NOT NULL,
  subject text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);

-- Opaque bearer tokens: only their SHA-256 (hex) is stored, so a database leak yields no usable token.
CREATE TABLE sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  -- 'logout' (this device) or 'all' (password reset, signed out everywhere): they end with different codes.
  revoked_reason text CHECK (revoked_reason IN ('logout', 'all')),
  last_used_at timestamptz,
  user_agent text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- One-time codes sent by mail (sign-up, password reset, e-mail change); stored hashed like tokens.
CREATE TABLE verification_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('signup', 'reset', 'email_update', 'card_email')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX verification_codes_lookup_idx ON verification_codes (email, purpose, created_at DESC);

-- Partners reselling cards: their flag, page version (1 old card view, 2 new view, 3 card list), defaults.
CREATE TABLE agents (
  flag text PRIMARY KEY CHECK (length(flag) BETWEEN 1 AND 32),
  name text NOT NULL,
  version smallint NOT NULL CHECK (version IN (1, 2, 3)),
  paypal boolean NOT NULL DEFAULT false,
  ccy text NOT NULL DEFAULT 'USD' CHECK (ccy ~ '^[A-Z]{3}$'),
  lang text NOT NULL DEFAULT 'en',
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX agents_one_default_idx ON agents (is_default) WHERE is_default;

-- Product types: the key coverage hangs on (pkg_type_id, esim_product_id and pool_type_id all point here).
CREATE TABLE package_types (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('sim', 'esim', 'pool')),
  code text NOT NULL UNIQUE,
  name text NOT NULL
);

-- Package categories (tabs). 'Recommend' is one of them; any other text is allowed.
CREATE TABLE package_categories (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE,
  sort_order integer NOT NULL DEFAULT 0
);

-- eSIM slots (an EID is 32 digits). Defined before cards because an eSIM profile card points at its slot.
CREATE TABLE esim_slots (
  eid text PRIMARY KEY CHECK (eid ~ '^[0-9A-Za-z]{21,40}$'),
  agent_flag text REFERENCES agents (flag),
  name text,
  status text NOT NULL DEFAULT 'Ready' CHECK (status IN ('Ready', 'Activated', 'Suspension')),
  total_slot integer NOT NULL DEFAULT 8 CHECK (total_slot >= 0),
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  email text,
  online_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX esim_slots_user_idx ON esim_slots (user_id);

-- Physical SIM cards (card_kind 1) and eSIM profiles (card_kind 2), keyed by ICCID.
CREATE TABLE cards (
  iccid text PRIMARY KEY CHECK (iccid ~ '^[0-9A-Za-z]{19,20}$'),
  agent_flag text NOT NULL REFERENCES agents (flag),
  card_kind smallint NOT NULL DEFAULT 1 CHECK (card_kind IN (1, 2)),
  status text NOT NULL DEFAULT 'Ready' CHECK (status IN ('Ready', 'Activated', 'Suspension')),
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  name text,
  email text,
  expire_timestamp bigint,
  used_bytes bigint NOT NULL DEFAULT 0 CHECK (used_bytes >= 0),
  total_bytes bigint NOT NULL DEFAULT 0 CHECK (total_bytes >= 0),
  unlimited boolean NOT NULL DEFAULT false,
  kind smallint NOT NULL DEFAULT 1,
  is_third_party boolean NOT NULL DEFAULT false,
  renewal boolean NOT NULL DEFAULT false,
  has_keys boolean NOT NULL DEFAULT false,
  warn text,
  show_alert boolean NOT NULL DEFAULT false,
  show_share_plan boolean NOT NULL DEFAULT true,
  unlock_count integer NOT NULL DEFAULT 0,
  eid text REFERENCES esim_slots (eid) ON DELETE SET NULL,
  activated_at timestamptz,
  usage_updated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cards_user_idx ON cards (user_id);
CREATE INDEX cards_eid_idx ON cards (eid);
CREATE INDEX cards_email_idx ON cards (lower(email));

-- Per-profile state of an eSIM inside a slot (install_fail / delete are the warning actions).
CREATE TABLE esim_profiles (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  eid text NOT NULL REFERENCES esim_slots (eid) ON DELETE CASCADE,
  iccid text NOT NULL UNIQUE REFERENCES cards (iccid) ON DELETE CASCADE,
  action text CHECK (action IN ('install', 'install_fail', 'enable', 'disable', 'delete')),
  smdp_address text,
  matching_id text,
  installed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The catalogue.
CREATE TABLE packages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  pkg_type_id bigint NOT NULL REFERENCES package_types (id),
  category_id bigint REFERENCES package_categories (id),
  -- 1 ordinary; 2 first-pay package that forces auto-renew.
  mode smallint NOT NULL DEFAULT 1 CHECK (mode IN (1, 2)),
  -- When validity starts: users need to know (at purchase, at first use, at install).
  validity_days integer NOT NULL CHECK (validity_days > 0),
  validity_start text NOT NULL DEFAULT 'first_use' CHECK (validity_start IN ('purchase', 'first_use', 'install')),
  data_bytes bigint,
  unlimited boolean NOT NULL DEFAULT false,
  -- Fair-use: bytes per day at full speed before the card goes speed limited (kind 2).
  fair_use_daily_bytes bigint,
  pool_lines integer,
  renewal boolean NOT NULL DEFAULT true,
  tax_rate numeric(6, 4) NOT NULL DEFAULT 0,
  tag text,
  tag_background_color text,
  tag_words_color text,
  left_tag text,
  pkg_style_icon text,
  area text,
  carriers text,
  -- Which agent page versions list it, and optionally only one agent's cards.
  agent_versions smallint[] NOT NULL DEFAULT '{1,2,3}',
  agent_flag text REFERENCES agents (flag),
  recommended boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE package_translations (
  package_id bigint NOT NULL REFERENCES packages (id) ON DELETE CASCADE,
  lang text NOT NULL,
  name text NOT NULL,
  main_title text,
  secondary_title text,
  sub_title text,
  description text,
  htu text,
  area text,
  pkg_price_tip text,
  subscribe_tips text,
  PRIMARY KEY (package_id, lang)
);

CREATE TABLE package_prices (
  package_id bigint NOT NULL REFERENCES packages (id) ON DELETE CASCADE,
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  amount bigint NOT NULL CHECK (amount >= 0),
  discount_amount bigint CHECK (discount_amount >= 0),
  renew_amount bigint CHECK (renew_amount >= 0),
  -- Percent of the price charged on renewal (old view divides minor units by 10000 with it).
  renew_discount integer NOT NULL DEFAULT 100 CHECK (renew_discount BETWEEN 0 AND 100),
  PRIMARY KEY (package_id, currency)
);

-- Shared data pools: one plan shared by several cards.
CREATE TABLE pools (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pool_object_id text NOT NULL UNIQUE,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  package_id bigint REFERENCES packages (id),
  name text,
  kind smallint NOT NULL DEFAULT 1,
  status text NOT NULL DEFAULT 'Ready' CHECK (status IN ('Ready', 'Activated', 'Suspension')),
  total_bytes bigint NOT NULL DEFAULT 0,
  used_bytes bigint NOT NULL DEFAULT 0,
  total_days integer,
  pool_lines integer NOT NULL DEFAULT 1,
  expire_timestamp bigint,
  warn text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pools_user_idx ON pools (user_id);

CREATE TABLE pool_members (
  pool_id bigint NOT NULL REFERENCES pools (id) ON DELETE CASCADE,
  iccid text NOT NULL UNIQUE REFERENCES cards (iccid) ON DELETE CASCADE,
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (pool_id, iccid)
);

-- Billing address and tax rate per card (or user).
CREATE TABLE addresses (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint REFERENCES users (id) ON DELETE CASCADE,
  iccid text REFERENCES cards (iccid) ON DELETE CASCADE,
  email text NOT NULL,
  country text NOT NULL DEFAULT 'US',
  region text NOT NULL,
  city text NOT NULL,
  postal_code text NOT NULL,
  line1 text NOT NULL,
  tax_rate numeric(6, 4) NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX addresses_iccid_idx ON addresses (iccid);

-- Orders. Fulfilled only from a verified provider event, exactly once (payment_events below).
CREATE TABLE orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  iccid text REFERENCES cards (iccid),
  eid text REFERENCES esim_slots (eid),
  pool_id bigint REFERENCES pools (id),
  package_id bigint NOT NULL REFERENCES packages (id),
  agent_flag text REFERENCES agents (flag),
  amount bigint NOT NULL CHECK (amount >= 0),
  tax_amount bigint NOT NULL DEFAULT 0,
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  renewal boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'created'
    CHECK (status IN ('created', 'pending', 'paid', 'fulfilled', 'cancelled', 'failed', 'refunded')),
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe', 'paypal')),
  provider_ref text,
  idempotency_key text UNIQUE,
  tracking_id text,
  email text,
  lang text,
  address_id bigint REFERENCES addresses (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  fulfilled_at timestamptz,
  UNIQUE (provider, provider_ref)
);
CREATE INDEX orders_iccid_idx ON orders (iccid);
CREATE INDEX orders_user_idx ON orders (user_id);

CREATE TABLE payment_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  order_id bigint REFERENCES orders (id),
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  UNIQUE (provider, event_id)
);

-- Packages bought for a card (or a pool): the package record of spec section 3.
CREATE TABLE card_packages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  iccid text REFERENCES cards (iccid) ON DELETE CASCADE,
  pool_id bigint REFERENCES pools (id) ON DELETE CASCADE,
  package_id bigint REFERENCES packages (id),
  order_id bigint REFERENCES orders (id),
  name text NOT NULL,
  status text NOT NULL DEFAULT 'init' CHECK (status IN ('active', 'init', 'stop', 'invalid')),
  data_bytes bigint,
  used_bytes bigint NOT NULL DEFAULT 0,
  unlimited boolean NOT NULL DEFAULT false,
  validity_days integer,
  started_at timestamptz,
  expire_timestamp bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (iccid IS NOT NULL OR pool_id IS NOT NULL)
);
CREATE INDEX card_packages_iccid_idx ON card_packages (iccid);
CREATE INDEX card_packages_pool_idx ON card_packages (pool_id);

-- Adverts: adType 1 popup, 2 banner, 3 float, 4 top, 5 recall (other values kept as-is).
CREATE TABLE activities (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ad_type smallint NOT NULL,
  agent_flag text REFERENCES agents (flag),
  position text,
  lang text,
  title text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  link text,
  btn_text text,
  show_number integer,
  show_rule integer,
  background_color text,
  sort_order integer NOT NULL DEFAULT 0,
  starts_at timestamptz,
  ends_at timestamptz,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Reported events (banner taps, support chat clicks, ...).
CREATE TABLE activity_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  activity_id bigint REFERENCES activities (id) ON DELETE SET NULL,
  name text NOT NULL,
  iccid text,
  user_id bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Notices (the bell icon): for everyone, one agent, one card or one user.
CREATE TABLE notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  agent_flag text REFERENCES agents (flag),
  iccid text REFERENCES cards (iccid) ON DELETE CASCADE,
  user_id bigint REFERENCES users (id) ON DELETE CASCADE,
  -- English (default) text; other languages in notice_translations.
  title text NOT NULL,
  content text NOT NULL,
  link text,
  starts_at timestamptz,
  ends_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notice_translations (
  notice_id bigint NOT NULL REFERENCES notices (id) ON DELETE CASCADE,
  lang text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  PRIMARY KEY (notice_id, lang)
);

CREATE TABLE notice_reads (
  notice_id bigint NOT NULL REFERENCES notices (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notice_id, user_id)
);

-- Coverage: countries per product type, with their network operators.
CREATE TABLE countries (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z]{2}$'),
  name text NOT NULL,
  img text
);

CREATE TABLE coverage_countries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pkg_type_id bigint NOT NULL REFERENCES package_types (id) ON DELETE CASCADE,
  country_code text NOT NULL REFERENCES countries (code),
  sort_order integer NOT NULL DEFAULT 0,
  UNIQUE (pkg_type_id, country_code)
);

CREATE TABLE coverage_operators (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  coverage_country_id bigint NOT NULL REFERENCES coverage_countries (id) ON DELETE CASCADE,
  name text NOT NULL,
  network_type text NOT NULL
);

-- Support chat messages and clicks (echat).
CREATE TABLE support_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  iccid text,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  email text,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every mail the api sends, whatever the transport (SMTP or the file outbox), for support and audit.
CREATE TABLE mail_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  template text NOT NULL,
  sent_at timestamptz,
  error text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Rate-limit counters shared by every api instance (fixed window per key).
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_started_ms bigint NOT NULL,
  hits integer NOT NULL
);
