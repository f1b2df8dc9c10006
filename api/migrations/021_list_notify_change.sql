-- 021: the api now also keeps the card list's answers (a user's cards, eSIM slots and pools; the unbound cards linked
-- to them) in memory (db/row-cache), and the receipt's session with its user: other processes' changes to the tables
-- they read are announced like those of 010 and 020 (another instance ending a session, binding a card, a pool's
-- member added by a job).
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['users', 'esim_slots', 'esim_profiles', 'pools', 'pool_members', 'card_packages',
                              'card_unbinds'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
                   'FOR EACH STATEMENT EXECUTE FUNCTION esim_notify_change()', name || '_notify_change', name);
  END LOOP;
END
$$;

-- A session's last use is written every few minutes of each receipt's calls (users.lookupSession): that alone is not
-- announced, or every instance would forget everything it keeps as often. An instance that kept an older last use
-- writes it once more, which it hears itself.
CREATE TRIGGER sessions_notify_change
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF user_id, token_hash, expires_at, revoked_at, revoked_reason ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION esim_notify_change();
