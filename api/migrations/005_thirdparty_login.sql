-- 005: third-party login (OpenID Connect / OAuth 2 authorization code with PKCE). One row per started sign-in:
-- the state is stored hashed like tokens; the PKCE verifier and nonce stay on the server and are used once.
CREATE TABLE oauth_logins (
  state_hash text PRIMARY KEY CHECK (state_hash ~ '^[0-9a-f]{64}$'),
  provider text NOT NULL CHECK (provider IN ('google', 'facebook')),
  redirect_uri text NOT NULL,
  code_verifier text NOT NULL,
  nonce text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX oauth_logins_expires_idx ON oauth_logins (expires_at);

-- An identity's user is found by (provider, subject); one identity per provider and user.
CREATE UNIQUE INDEX user_identities_user_provider_idx ON user_identities (user_id, provider);
