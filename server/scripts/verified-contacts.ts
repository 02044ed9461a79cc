/**
 * The store operator's side of verified contacts (the reference server has no back office):
 *
 *   npm run verified-contacts -- list [PENDING|VERIFIED]   contacts, oldest first, with the full ID number and photo file
 *   npm run verified-contacts -- verify <e-mail>           marks that shopper's contact VERIFIED
 *
 * Uses the same database settings as the server (DATA_DIR or DATABASE_URL). The embedded PGlite database is one
 * process's: stop the server first (with PostgreSQL it can run alongside).
 */
import { listContacts, verifyContact } from '../src/services/verifiedContact.ts';
import { uploadPath } from '../src/uploads/images.ts';
import { cliArgs, usageError, withOperatorDb } from './operatorDb.ts';

const [command, arg] = cliArgs();
const usage = 'usage: verified-contacts list [PENDING|VERIFIED] | verify <e-mail>';
if (command !== 'list' && command !== 'verify') usageError(usage);
const status = command === 'list' && arg ? arg.toUpperCase() : undefined;
if (status && status !== 'PENDING' && status !== 'VERIFIED') usageError(usage);
if (command === 'verify' && !arg) usageError(usage);

await withOperatorDb(`verified-contacts ${command}`, async (db, config) => {
  if (command === 'list') {
    const rows = await listContacts(db, status as 'PENDING' | 'VERIFIED' | undefined);
    for (const c of rows) {
      console.log(`${c.status.padEnd(8)} ${c.email}  ${c.realName}  ${c.phone}  ${c.idType} ${c.idNumber}  photo: ${uploadPath(config.dataDir, c.imageId, c.imageMime)}  submitted ${c.submittedAt}`);
    }
    if (!rows.length) console.log('no verified contacts');
  } else {
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
  }
});
