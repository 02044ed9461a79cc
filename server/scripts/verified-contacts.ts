/**
 * The store operator's side of verified contacts (the reference server has no back office):
 *
 *   npm run verified-contacts -- list [PENDING|VERIFIED]   contacts, oldest first, with the full ID number and photo file
 *   npm run verified-contacts -- verify <e-mail>           marks that shopper's contact VERIFIED
 *   npm run verified-contacts -- photo <e-mail> <file>     writes that shopper's ID photo, opened, to <file> (mode 0600)
 *   npm run verified-contacts -- reencrypt                 re-seals every ID number and photo under ID_ENCRYPTION_KEY
 *                                                          (key rotation: the old key in ID_ENCRYPTION_OLD_KEYS meanwhile)
 *
 * ID numbers and photos are sealed at rest (src/lib/idCrypto.ts): this CLI opens them with ID_ENCRYPTION_KEY and
 * ID_ENCRYPTION_OLD_KEYS (outside production, DATA_DIR/id-encryption.key), as the server does.
 *
 * Uses the same database settings as the server (DATA_DIR or DATABASE_URL). The embedded PGlite database is one
 * process's: stop the server first (with PostgreSQL it can run alongside).
 */
import fs from 'node:fs/promises';
import { listContacts, verifyContact } from '../src/services/verifiedContact.ts';
import { reencryptAll } from '../src/services/idRetention.ts';
import { loadIdKeys, openFile } from '../src/lib/idCrypto.ts';
import { storedFilePath } from '../src/uploads/images.ts';
import { cliArgs, usageError, withOperatorDb } from './operatorDb.ts';

const [command, arg, out] = cliArgs();
const usage = 'usage: verified-contacts list [PENDING|VERIFIED] | verify <e-mail> | photo <e-mail> <file> | reencrypt';
if (!['list', 'verify', 'photo', 'reencrypt'].includes(command)) usageError(usage);
const status = command === 'list' && arg ? arg.toUpperCase() : undefined;
if (status && status !== 'PENDING' && status !== 'VERIFIED') usageError(usage);
if (command === 'verify' && !arg) usageError(usage);
if (command === 'photo' && (!arg || !out)) usageError(usage);

await withOperatorDb(`verified-contacts ${command}`, async (db, config) => {
  const keys = loadIdKeys(config);
  if (!keys && command !== 'verify') {
    console.error('ID_ENCRYPTION_KEY is not set: ID numbers and photos cannot be opened');
    return 1;
  }
  if (command === 'verify' || !keys) {
    const { rows } = await db.query('SELECT id FROM users WHERE email = $1', [arg.trim().toLowerCase()]);
    if (!rows[0]) {
      console.error(`no account with e-mail ${arg}`);
      return 1;
    }
    if (!(await verifyContact(db, rows[0].id))) {
      console.error(`${arg} has not submitted a verified contact`);
      return 1;
    }
    console.log(`${arg}: verified contact marked VERIFIED`);
    return;
  }
  const p = { keys, retentionDays: config.idRetentionDays };
  if (command === 'list') {
    const rows = await listContacts(db, p, status as 'PENDING' | 'VERIFIED' | undefined);
    for (const c of rows) {
      const photo = c.imageId ? `photo: ${c.imageSealed ? `(sealed) photo ${c.email} <file>` : storedFilePath(config.dataDir, { id: c.imageId, mime: c.imageMime! })}` : `ID number and photo deleted ${c.idErasedAt}`;
      console.log(`${c.status.padEnd(8)} ${c.email}  ${c.realName}  ${c.phone}  ${c.idType} ${c.idNumber ?? ''}  ${photo}  submitted ${c.submittedAt}`);
    }
    if (!rows.length) console.log('no verified contacts');
  } else if (command === 'photo') {
    const { rows } = await db.query(
      `SELECT f.id, f.mime, f.sealed FROM users u JOIN verified_contacts v ON v.user_id = u.id JOIN uploads f ON f.id = v.id_image WHERE u.email = $1`,
      [arg.trim().toLowerCase()]);
    if (!rows[0]) {
      console.error(`${arg} has no ID photo on file`);
      return 1;
    }
    const data = await fs.readFile(storedFilePath(config.dataDir, rows[0]));
    await fs.writeFile(out, rows[0].sealed ? openFile(keys, data) : data, { mode: 0o600 });
    console.log(`${arg}: ID photo (${rows[0].mime}) written to ${out}; delete it once checked`);
  } else if (command === 'reencrypt') {
    const r = await reencryptAll(db, keys, config.dataDir, { all: true });
    console.log(`re-sealed under the current key: ${r.numbers} ID number(s), ${r.photos} ID photo(s); left under other keys: ${r.leftUnderOldKeys}`);
    if (r.leftUnderOldKeys) return 1;
  }
});
