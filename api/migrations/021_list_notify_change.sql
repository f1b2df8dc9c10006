-- 021: the api now also keeps the card list's answers (a user's cards, eSIM slots and pools; the unbound cards linked
-- to them) in memory (db/row-cache), and the receipt's session with its user: other processes' changes to the tables
-- they read are announced like those of 010 and 020 (another instance ending a session, binding a card, a pool's
-- member added by a job).
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['users', 'sessions', 'esim_slots', 'esim_profiles', 'pools', 'pool_members',
                              'card_packages', 'card_unbinds'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
                   'FOR EACH STATEMENT EXECUTE FUNCTION esim_notify_change()', name || '_notify_change', name);
  END LOOP;
END
$$;
