/**
 * What every operator CLI does around its own work: opens the database the server uses (DATA_DIR or DATABASE_URL),
 * brings its schema up to date, runs the work and closes the database. The work answers its exit code (0 when it
 * answers nothing). A refusal by the store's rules (ApiError: not found, wrong state, bad value) is printed as
 * "<cli> <command>: <why>" and exits 1; anything else is a fault and is thrown. A wrong command line exits 2 before
 * the database opens (usageError, operatorArgs). The embedded PGlite database is one process's: while another process
 * (a running server, another CLI) has it open (DATA_DIR/pglite.pid, taken atomically by openDb), the CLI refuses with
 * exit 1 before opening it, as writing beside that process could lose its work or ours; on PostgreSQL the CLIs run
 * beside the servers. The order lifecycle's subscribers are installed as the server does (composition.ts installComposition), so an order cancelled or refunded
 * here is followed by every area (stock, store credit, memberships, referral, ...).
 */
import { format, parseArgs, type ParseArgsConfig } from 'node:util';
import { loadConfig, type Config } from '../src/config.ts';
import { EmbeddedDbInUse, openDb, type Db } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { ApiError, badRequest } from '../src/lib/errors.ts';
import { currencyDecimals } from '../src/lib/money.ts';
import { installComposition } from '../src/composition.ts';

/**
 * Control characters in text shown on the operator's terminal, as visible escapes: C0 but tab and newline, DEL, C1, and
 * the Unicode direction overrides. Shoppers' text (a contact message, a profile, a name) could otherwise move the cursor,
 * clear or rewrite the screen, fake lines or plant hyperlinks (OSC 8) on the operator's terminal (security probe L4).
 */
export function terminalSafe(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    (c) => (c.charCodeAt(0) <= 0xff ? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}` : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/**
 * Every line a CLI prints while it works goes through terminalSafe: the CLIs print stored text in many places (and
 * new ones will), and none of them means to send the terminal a control sequence.
 */
function printTerminalSafe(): () => void {
  const { log, error } = console;
  console.log = (...args: unknown[]) => log(terminalSafe(format(...args)));
  console.error = (...args: unknown[]) => error(terminalSafe(format(...args)));
  return () => Object.assign(console, { log, error });
}

/**
 * A CLI run inside a program that already holds the database: the server's tests call the CLIs as an operator would,
 * but on the running server's database handle, without a process and a database opening each time
 * (server/tests/helpers.ts `deskOf`; `operator-cli.test.ts` keeps running them as processes). The command line, the
 * database, and the exit code the run ends with.
 */
export interface HostedRun {
  argv: string[];
  db: Db;
  config: Config;
  /** Where the CLI's raw output goes (writeOut), which a process writes to its standard output. */
  out(text: string): void;
  exitCode: number;
}
let hosted: HostedRun | undefined;

/** How a hosted run ends early (a usage error): the exit code a process would have ended with. */
export class CliExit extends Error {
  constructor(readonly code: number) {
    super(`the CLI exited with ${code}`);
  }
}

/** Evaluates a CLI module (`load` imports a fresh instance of it) as the run `run`; answers its exit code. */
export async function runHosted(run: Omit<HostedRun, 'exitCode'>, load: () => Promise<unknown>): Promise<number> {
  if (hosted) throw new Error('one hosted CLI run at a time');
  hosted = { ...run, exitCode: 0 };
  try {
    await load();
    return hosted.exitCode;
  } catch (e) {
    if (e instanceof CliExit) return e.code;
    throw e;
  } finally {
    hosted = undefined;
  }
}

export async function withOperatorDb(command: string, work: (db: Db, config: Config) => Promise<number | void>): Promise<void> {
  const restoreConsole = printTerminalSafe();
  installComposition();
  if (hosted) {
    // The host's database stays open, already up to date.
    const run = hosted;
    await runWork(command, () => work(run.db, run.config), (code) => (run.exitCode = code)).finally(restoreConsole);
    return;
  }
  const config = loadConfig();
  let db: Db;
  try {
    db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (e) {
    if (!(e instanceof EmbeddedDbInUse)) throw e;
    console.error(`${command}: ${e.message}`);
    process.exitCode = 1;
    restoreConsole();
    return;
  }
  try {
    await migrate(db);
    await runWork(command, () => work(db, config), (code) => (process.exitCode = code));
  } finally {
    await db.close();
    restoreConsole();
  }
}

/** The work's exit code (0 when it answers nothing); a refusal by the store's rules is printed and exits 1. */
async function runWork(command: string, work: () => Promise<number | void>, exit: (code: number) => void): Promise<void> {
  try {
    exit((await work()) ?? 0);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    console.error(`${command}: ${e.errors.join('; ')}`);
    exit(1);
  }
}

/** Ends the run with `code` once it has printed why: the process's exit code, or the hosted run's. */
export function exitWith(code: number): void {
  if (hosted) hosted.exitCode = code;
  else process.exitCode = code;
}

/** Raw output (an export), unlike console.log not made terminal-safe: the process's standard output, or the host's. */
export function writeOut(text: string): void {
  if (hosted) hosted.out(text);
  else process.stdout.write(text);
}

/** The command line's arguments (after the script), the hosted run's when there is one. */
export const cliArgs = (): string[] => hosted?.argv ?? process.argv.slice(2);

/** An --amount in major units ("12.34") as minor units of `currency`; undefined when not given. */
export function amountArg(raw: string | undefined, currency: string): number | undefined {
  if (raw === undefined) return undefined;
  const d = currencyDecimals(currency);
  if (!new RegExp(`^\\d+(\\.\\d{1,${d}})?$`).test(raw)) throw badRequest(`--amount must be a positive amount in ${currency} with at most ${d} decimals`);
  return Math.round(Number(raw) * 10 ** d);
}

/**
 * The part of a CLI refund's idempotency key that the operator chose: `key:<--key>` or `amount:<minor units>` or
 * `rest`, so a --key never equals an amount (probe N6: `--key 1073` met the earlier refund of 10.73).
 */
export function refundKeyPart(key: string | undefined, amount: number | undefined): string {
  return key !== undefined ? `key:${key}` : amount !== undefined ? `amount:${amount}` : 'rest';
}

/**
 * A wrong command line: the message (usually the usage) on stderr and exit code 2 (`code`: a CLI whose 2 means something
 * else, like reconcile's discrepancies, exits 1). Only before the database opens.
 */
export function usageError(message: string, code = 2): never {
  console.error(message);
  if (hosted) throw new CliExit(code);
  process.exit(code);
}

/** The command line as node:util's parseArgs reads it; an unknown option or a missing value is a usage error. */
export function operatorArgs<T extends ParseArgsConfig>(usage: string, config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs<T>({ ...config, args: config.args ?? cliArgs() });
  } catch (e) {
    return usageError(`${(e as Error).message}\n${usage}`);
  }
}
