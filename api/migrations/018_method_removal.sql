-- 018: a visitor (no account) removes a payment method they saved with their e-mail (issue 23). The mails about a
-- purchase with auto-renewal (the receipt, the renewal reminder) carry a link with a random token; only its SHA-256 is
-- kept here, with the method and its payer's e-mail. GET shows the method and asks, POST deletes it for that payer
-- only (payments/method-removal.ts). A method deleted in any way leaves its links answering "no longer saved".
CREATE TABLE payment_method_removal_tokens (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  method_id bigint REFERENCES saved_payment_methods (id) ON DELETE SET NULL,
  payer_email text NOT NULL,
  -- The page speaks the language of the order the mail is about.
  lang text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Links past their end are dropped when new ones are made.
CREATE INDEX payment_method_removal_tokens_expiry_idx ON payment_method_removal_tokens (expires_at);
-- A method's links (ON DELETE SET NULL finds them by this).
CREATE INDEX payment_method_removal_tokens_method_idx ON payment_method_removal_tokens (method_id);
