-- Changes other processes must hear: the api keeps the card page's rows (cards with their agent and last order) in
-- memory and drops them when one of these tables changes. One notification per statement, on channel esim_change
-- (PostgreSQL folds equal notifications of one transaction into one, sent at commit).
CREATE OR REPLACE FUNCTION esim_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('esim_change', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE TRIGGER cards_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cards
  FOR EACH STATEMENT EXECUTE FUNCTION esim_notify_change();
CREATE TRIGGER agents_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON agents
  FOR EACH STATEMENT EXECUTE FUNCTION esim_notify_change();
CREATE TRIGGER orders_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION esim_notify_change();
