-- 016: a renewal reminder is never lost (issue 9 review). The reminder job claims a renewal for a while
-- (remind_claimed_at, a lease) and sets reminded_at only once the mail is sent: a worker that dies between the two
-- leaves a claim that runs out, and the renewal scan queues the reminder again (payments/renewals.ts).
ALTER TABLE renewals ADD COLUMN remind_claimed_at timestamptz;

-- The scan looks for scheduled renewals not reminded yet.
CREATE INDEX renewals_unreminded_idx ON renewals (id) WHERE status = 'scheduled' AND reminded_at IS NULL;
