-- Renewals are charged in batches: the saved payment method of a pool's renewal is looked up by pool as fast as a
-- card's is by ICCID.
CREATE INDEX saved_payment_methods_pool_idx ON saved_payment_methods (pool_id) WHERE pool_id IS NOT NULL;
