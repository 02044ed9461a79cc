/**
 * How a test starts one of the server's own programs as a process (the server, an operator CLI, a provider double):
 * from the compiled build when the test run made one (scripts/compile.mjs, announced by ISTORE_SERVER_BUILD), else
 * from source through tsx, as a developer running one file does.
 *
 *   spawn(process.execPath, nodeArgs('src/index.ts'), { cwd: serverDir })   (paths are relative to server/)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * V8 flags of every process a test run starts (`node --test` hands its own to each test file's process). Liftoff only:
 * the embedded database is an 8 MB WebAssembly PostgreSQL, and a short-lived test process spent more CPU having V8's
 * optimising compiler recompile it in the background than it ever won back (measured: a quarter of a server test
 * file's CPU). A long-running server in production keeps V8's defaults.
 */
export const TEST_NODE_FLAGS = ['--liftoff-only'];

/**
 * The embedded database's shared_buffers in every server a test starts (server/src/db/pgliteWorker.mjs): a test's
 * database is a few megabytes, and PostgreSQL's default 128MB, zeroed at each start, was 0.6 s of CPU per server.
 */
export const TEST_SHARED_BUFFERS = '16MB';
// Every test harness imports this module, so the servers in its process and the processes it starts inherit it.
process.env.PGLITE_SHARED_BUFFERS ??= TEST_SHARED_BUFFERS;

/**
 * `entry` (a .ts file, relative to server/) in the compiled build when the run made one (ISTORE_SERVER_BUILD), else
 * undefined. A build without it is an error: the entry is missing from server/scripts/compile.mjs's list.
 */
function compiledPath(entry) {
  const build = process.env.ISTORE_SERVER_BUILD;
  if (!build) return undefined;
  const compiled = path.resolve(serverDir, build, entry.replace(/\.ts$/, '.mjs'));
  if (!fs.existsSync(compiled)) throw new Error(`${entry} is not in the compiled build ${build} (server/scripts/compile.mjs lists its entries)`);
  return compiled;
}

/** Node's arguments that run `entry` (a .ts file, relative to server/), with the compiled copy when there is one. */
export function nodeArgs(entry) {
  const compiled = compiledPath(entry);
  return compiled ? [...TEST_NODE_FLAGS, compiled] : [...TEST_NODE_FLAGS, '--import', 'tsx', entry];
}

/** The URL to import `entry` (a .ts file, relative to server/) in this process: its compiled copy in a compiled run. */
export function moduleUrl(entry) {
  return pathToFileURL(compiledPath(entry) ?? path.join(serverDir, entry)).href;
}
