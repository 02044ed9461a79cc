-- Issue 41 item 3 (PIPL Art. 28–29): identity documents are sensitive personal information.
-- * The ID number is kept sealed (AES-256-GCM, src/lib/idCrypto.ts) in id_number_enc; id_number (plain) is left only on
--   rows from before this migration, until the ID retention worker's first round (src/services/idRetention.ts) or
--   `npm run verified-contacts -- reencrypt` seals it. Never both.
-- * The ID photo's file is sealed too (uploads.sealed: DATA_DIR/uploads/<id>.enc instead of <id>.<ext>).
-- * ID_RETENTION_DAYS after submission (or verification) the number and photo are deleted (id_erased_at says when);
--   a contact never verified is deleted whole.
-- * The shopper's separate consent, with the version of the purpose text they agreed to, before any ID detail is taken.
ALTER TABLE verified_contacts ADD COLUMN id_number_enc text;
ALTER TABLE verified_contacts ALTER COLUMN id_number DROP NOT NULL;
ALTER TABLE verified_contacts ALTER COLUMN id_image DROP NOT NULL;
ALTER TABLE verified_contacts ADD COLUMN id_erased_at timestamptz;
ALTER TABLE verified_contacts ADD CONSTRAINT verified_contacts_one_number CHECK (id_number IS NULL OR id_number_enc IS NULL);
ALTER TABLE uploads ADD COLUMN sealed boolean NOT NULL DEFAULT false;
CREATE TABLE id_consents (
  user_id int PRIMARY KEY REFERENCES users(id),
  purpose_version text NOT NULL,
  given_at timestamptz NOT NULL DEFAULT now()
);
