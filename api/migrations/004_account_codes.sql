-- 004: account verification codes. An e-mail change code belongs to the account that asked for it (user_id), so
-- nobody else can spend it and a second account's request never cancels it. Sign-up and reset codes have none.
ALTER TABLE verification_codes ADD COLUMN user_id bigint REFERENCES users (id) ON DELETE CASCADE;
DROP INDEX verification_codes_lookup_idx;
CREATE INDEX verification_codes_lookup_idx ON verification_codes (email, purpose, user_id, created_at DESC);
