-- Verified contact (spec §7 verifiedContact; src/services/verifiedContact.ts): the shopper's real name, phone and one
-- identity document, checked by the store. One per account. `id_image` is an upload of kind 'verifiedContact', which is
-- served only to its owner (never under the public common3/image path). `id_number` is kept as typed (normalised:
-- upper case, no spaces or hyphens); the API only ever answers it masked, operators read it with the CLI or SQL.
CREATE TABLE verified_contacts (
  user_id int PRIMARY KEY REFERENCES users(id),
  real_name text NOT NULL,
  phone text NOT NULL,
  id_type text NOT NULL CHECK (id_type IN ('NATIONAL_ID', 'PASSPORT', 'DRIVERS_LICENCE')),
  id_number text NOT NULL,
  id_image text NOT NULL REFERENCES uploads(id),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'VERIFIED')),
  submitted_at timestamptz NOT NULL DEFAULT now(),
  verified_at timestamptz
);
CREATE INDEX verified_contacts_status_idx ON verified_contacts (status, submitted_at);
