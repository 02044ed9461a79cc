-- The owner invites staff from the back office (issue 43): the account is made at once without a password (its hash
-- is 'invited', which no password matches), and a link valid for 72 hours lets the person choose theirs, once.
CREATE TABLE staff_invitations (
  token_hash text PRIMARY KEY,
  staff_id int NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  invited_by int REFERENCES staff(id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX staff_invitations_staff_idx ON staff_invitations (staff_id);
