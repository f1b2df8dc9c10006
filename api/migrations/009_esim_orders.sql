-- eSIM shop: an order may buy a new eSIM profile for a slot (product_kind 'esim', orders.eid). Fulfilment creates the
-- profile's card (card_kind 2) in the slot and puts the package on it; orders.iccid then names that profile.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_product_kind_check;
ALTER TABLE orders ADD CONSTRAINT orders_product_kind_check CHECK (product_kind IN ('card', 'pool', 'esim'));
ALTER TABLE orders ADD CONSTRAINT orders_esim_has_slot CHECK (product_kind <> 'esim' OR eid IS NOT NULL);
-- One profile per order, whatever happens (a second fulfilment of the same order could not add another).
ALTER TABLE esim_profiles ADD COLUMN order_id bigint UNIQUE REFERENCES orders (id);
CREATE INDEX orders_eid_idx ON orders (eid) WHERE eid IS NOT NULL;
