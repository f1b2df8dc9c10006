-- 002: binding and activity details for the card list and card page calls (issue 3, server part).

-- A card the user removed from the account (unbindCard) no longer appears in that user's unbound list
-- (getUnbindList), even though its e-mail or an order still links it to them. Binding it again clears the row.
CREATE TABLE card_unbinds (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  iccid text NOT NULL REFERENCES cards (iccid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, iccid)
);

-- Where an event happened (activity position) and the http(s) link it opened, if any.
ALTER TABLE activity_events ADD COLUMN position text;
ALTER TABLE activity_events ADD COLUMN link text;
CREATE INDEX activity_events_name_idx ON activity_events (name, created_at);
