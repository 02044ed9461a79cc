/**
 * The store operator's inbox for the contact form (the reference server has no back office):
 *
 *   npm run messages -- list [N]    the newest N messages (default 50), newest first
 *
 * Uses the same database settings as the server (DATA_DIR or DATABASE_URL). The embedded PGlite database is one
 * process's: stop the server first (with PostgreSQL it can run alongside).
 */
import { listContactMessages } from '../src/services/contact.ts';
import { cliArgs, usageError, withOperatorDb } from './operatorDb.ts';

const [command, arg] = cliArgs();
const limit = arg === undefined ? 50 : Number(arg);
if (command !== 'list' || !Number.isInteger(limit) || limit < 1) usageError('usage: messages list [N]');

await withOperatorDb('messages list', async (db) => {
  const messages = await listContactMessages(db, limit);
  for (const m of messages) {
    const reach = [m.form.email, m.form.phone].filter(Boolean).join(', ');
    console.log(`#${m.id}  ${m.createdAt}  ${m.form.name} <${reach}>  from ${m.ip ?? 'unknown'} (${m.locale ?? 'en'})`);
    if (m.form.subject) console.log(`  subject: ${m.form.subject}`);
    console.log(m.form.message.split('\n').map((l) => `  ${l}`).join('\n'));
    console.log('');
  }
  if (!messages.length) console.log('no messages');
});
