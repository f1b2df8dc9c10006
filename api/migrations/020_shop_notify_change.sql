-- 020: the api now also keeps the shop's lists (packages with their prices and texts), the adverts and the notices
-- in memory (db/row-cache): other processes' changes to them are announced like those of 010 (an operator's SQL,
-- another instance marking a notice read).
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['packages', 'package_prices', 'package_translations', 'package_types',
                              'package_categories', 'package_category_translations', 'activities',
                              'activity_translations', 'notices', 'notice_translations', 'notice_reads'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
                   'FOR EACH STATEMENT EXECUTE FUNCTION esim_notify_change()', name || '_notify_change', name);
  END LOOP;
END
$$;
