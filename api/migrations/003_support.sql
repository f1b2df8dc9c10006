-- 003: the built-in support chat. A thread belongs to an account (user_id) or to one visitor's device, found by
-- the SHA-256 (hex) of a random token only that device holds, like sessions. Messages keep the sender's own id
-- (client_id) so a retried send is stored once.

CREATE TABLE support_threads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  token_hash text UNIQUE CHECK (token_hash IS NULL OR token_hash ~ '^[0-9a-f]{64}$'),
  -- Where support answers and which card it is about (the latest the sender gave).
  email text,
  iccid text,
  lang text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (user_id IS NOT NULL OR token_hash IS NOT NULL)
);

ALTER TABLE support_messages ADD COLUMN thread_id bigint REFERENCES support_threads (id) ON DELETE CASCADE;
ALTER TABLE support_messages ADD COLUMN sender text NOT NULL DEFAULT 'user' CHECK (sender IN ('user', 'agent'));
-- Support's automatic acknowledgement (the page shows its own localized text for it).
ALTER TABLE support_messages ADD COLUMN auto boolean NOT NULL DEFAULT false;
ALTER TABLE support_messages ADD COLUMN client_id text;
ALTER TABLE support_messages ADD CONSTRAINT support_messages_body_length CHECK (length(body) <= 4000);
CREATE UNIQUE INDEX support_messages_client_idx ON support_messages (thread_id, client_id) WHERE client_id IS NOT NULL;
CREATE INDEX support_messages_thread_idx ON support_messages (thread_id, created_at, id);
