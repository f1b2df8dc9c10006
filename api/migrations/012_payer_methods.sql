-- 012: a saved payment method belongs to its payer (issue 23). The payer is the account that bought (user_id, as
-- before) or, for a visitor, the e-mail given with that card's purchase (payer_email). The method renews the card
-- (iccid) or pool (pool_id) it was saved for, and only while that card or pool is its payer's: a renewal charges a
-- method of the current owner only, and a card that changes hands stops renewing and drops the methods of everyone
-- else (payments/repository.ts cardsChangedHands). The payer lists and deletes their methods in /user/info.

ALTER TABLE saved_payment_methods ADD COLUMN payer_email text CHECK (payer_email = lower(payer_email));
-- What the provider told about the method (a card's brand, last four digits and expiry), when it tells.
ALTER TABLE saved_payment_methods ADD COLUMN brand text CHECK (length(brand) <= 32);
ALTER TABLE saved_payment_methods ADD COLUMN last4 text CHECK (last4 ~ '^[0-9]{4}$');
ALTER TABLE saved_payment_methods ADD COLUMN exp_month smallint CHECK (exp_month BETWEEN 1 AND 12);
ALTER TABLE saved_payment_methods ADD COLUMN exp_year smallint CHECK (exp_year BETWEEN 2000 AND 2999);

-- The payer of each existing method: the buyer of the order that saved it (a visitor by the order's e-mail, else the
-- card's).
UPDATE saved_payment_methods m
   SET user_id = o.user_id,
       payer_email = CASE WHEN o.user_id IS NULL THEN lower(coalesce(o.email, c.email)) END
  FROM orders o
  LEFT JOIN cards c ON c.iccid = o.iccid
 WHERE o.id = m.order_id;

-- A visitor who has since bound the card with an account of the same (verified) e-mail: the method is the account's.
UPDATE saved_payment_methods m
   SET user_id = u.id, payer_email = NULL
  FROM cards c
  JOIN users u ON u.id = c.user_id
 WHERE c.iccid = m.iccid AND m.user_id IS NULL AND m.payer_email = u.email AND u.email_verified_at IS NOT NULL;

-- A card or pool now held by someone else than the payer is renewed by that method no more.
UPDATE saved_payment_methods m
   SET iccid = NULL
  FROM cards c
 WHERE c.iccid = m.iccid
   AND CASE WHEN c.user_id IS NULL THEN m.user_id IS NOT NULL ELSE m.user_id IS DISTINCT FROM c.user_id END;
UPDATE saved_payment_methods m
   SET pool_id = NULL
  FROM pools p
 WHERE p.id = m.pool_id AND m.user_id IS DISTINCT FROM p.user_id;

-- A visitor's method that renews nothing can be neither used nor seen by anyone.
DELETE FROM saved_payment_methods WHERE user_id IS NULL AND iccid IS NULL AND pool_id IS NULL;

-- The payer's list in /user/info.
CREATE INDEX saved_payment_methods_payer_idx ON saved_payment_methods (user_id, created_at DESC)
  WHERE user_id IS NOT NULL;
