/**
 * A process that opens the embedded database of DATA_DIR when its stdin says "go", prints what happened as a JSON line
 * ({"opened": its pid} or {"refused": the pid named}) and keeps the database open until its stdin ends
 * (tests/embedded-db-claim.test.ts starts several at once).
 */
import readline from 'node:readline';
import { EmbeddedDbInUse, openDb, type Db } from '../src/db/index.ts';

const input = readline.createInterface({ input: process.stdin });
let db: Db | null = null;
console.log('ready');
for await (const line of input) {
  if (line !== 'go') continue;
  try {
    db = await openDb({ dataDir: process.env.DATA_DIR! });
    console.log(JSON.stringify({ opened: process.pid }));
  } catch (e) {
    if (!(e instanceof EmbeddedDbInUse)) throw e;
    console.log(JSON.stringify({ refused: e.pid, message: e.message }));
  }
}
await db?.close();
