/**
 * The back office's staff accounts (issue 43), from the command line: the owner is created here on opening day.
 *
 *   npm --prefix server run staff -- add EMAIL --role owner|staff [--name NAME] [--password-file FILE]
 *   npm --prefix server run staff -- password EMAIL [--password-file FILE]    set a new password (their sessions end)
 *   npm --prefix server run staff -- unlock EMAIL                             lift the lock after repeated wrong passwords
 *   npm --prefix server run staff -- disable EMAIL | enable EMAIL             a disabled account cannot sign in
 *   npm --prefix server run staff -- totp-off EMAIL                           turn the authenticator step off (a lost phone
 *                                                                             and lost recovery codes); set up again in /admin
 *   npm --prefix server run staff -- list
 *
 * The password is asked for twice on a terminal (not shown), or read from --password-file (its first line), never from
 * the command line (it would stay in the shell's history and the process list). It is hashed like shoppers' passwords
 * (SCRYPT_LOG_N, SCRYPT_P). Every change is recorded in the back office's activity list as made on the command line
 * by this system user. Exit 0 done, 1 refused (a taken e-mail, a short password, an unknown account), 2 wrong command line.
 * Same database settings as the server (DATA_DIR or DATABASE_URL); the embedded database only while the server is stopped.
 */
import fs from 'node:fs';
import os from 'node:os';
import readline from 'node:readline';
import { configurePasswordHashing } from '../src/lib/password.ts';
import { addStaff, listStaff, setStaffDisabled, setStaffPassword, unlockStaff, type Actor } from '../src/features/admin/service.ts';
import { STAFF_ROLES } from '../../contract/admin.ts';
import { turnOff } from '../src/features/admin/totp.ts';
import { operatorArgs, usageError, withOperatorDb } from './operatorDb.ts';

const USAGE = [
  `usage: staff add EMAIL --role ${STAFF_ROLES.join('|')} [--name NAME] [--password-file FILE] | staff password EMAIL [--password-file FILE]`,
  '     | staff unlock EMAIL | staff disable EMAIL | staff enable EMAIL | staff totp-off EMAIL | staff list',
].join('\n');
const { positionals, values } = operatorArgs(USAGE, {
  allowPositionals: true,
  options: { role: { type: 'string' }, name: { type: 'string' }, 'password-file': { type: 'string' } },
});
const [command, email] = positionals;
const WITH_EMAIL = ['add', 'password', 'unlock', 'disable', 'enable', 'totp-off'];
if (command === 'list') {
  if (positionals.length !== 1) usageError(USAGE);
} else if (!WITH_EMAIL.includes(command) || !email || positionals.length !== 2) {
  usageError(USAGE);
}
if (command === 'add' && !(STAFF_ROLES as readonly string[]).includes(values.role ?? '')) usageError(`add needs --role ${STAFF_ROLES.join(' or ')}\n${USAGE}`);
if (command !== 'add' && (values.role !== undefined || values.name !== undefined)) usageError(`--role and --name are for add\n${USAGE}`);
const needsPassword = command === 'add' || command === 'password';
if (!needsPassword && values['password-file'] !== undefined) usageError(`--password-file is for add and password\n${USAGE}`);
if (needsPassword && values['password-file'] === undefined && !process.stdin.isTTY) {
  usageError(`${command}: no terminal to ask for the password on: give --password-file FILE\n${USAGE}`);
}

/** One line typed on the terminal without echo. */
function askHidden(prompt: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  let muted = false;
  (rl as unknown as { _writeToOutput(s: string): void })._writeToOutput = (s) => {
    if (!muted) process.stdout.write(s);
  };
  return new Promise((resolve) => {
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function password(): Promise<string> {
  const file = values['password-file'];
  if (file !== undefined) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      return usageError(`cannot read --password-file ${file}: ${(e as Error).message}`);
    }
    return text.split(/\r?\n/)[0];
  }
  const first = await askHidden(`Password for ${email}: `);
  const again = await askHidden('The same password again: ');
  if (first !== again) return usageError('the two passwords differ; nothing changed');
  return first;
}

const secret = needsPassword ? await password() : '';
const by: Actor = { id: null, email: `command line (${os.userInfo().username})` };

await withOperatorDb(`staff ${command}`, async (db, config) => {
  configurePasswordHashing(config.scryptLogN, config.scryptP);
  if (command === 'list') {
    const { staff } = await listStaff(db);
    for (const s of staff) {
      console.log(`${s.email}  ${s.role}${s.name ? `  ${s.name}` : ''}${s.disabled ? '  DISABLED' : ''}${s.locked ? '  LOCKED' : ''}  last sign-in ${s.lastLoginAt ?? 'never'}`);
    }
    if (!staff.length) console.log('no staff accounts yet: npm --prefix server run staff -- add EMAIL --role owner');
    return;
  }
  if (command === 'add') {
    const s = await addStaff(db, { email, role: values.role!, password: secret, name: values.name }, by);
    console.log(`added ${s.email} as ${s.role}: they sign in at /admin`);
  } else if (command === 'password') {
    await setStaffPassword(db, email, secret, by);
    console.log(`password of ${email.trim().toLowerCase()} set; their sessions ended`);
  } else if (command === 'totp-off') {
    await turnOff(db, null, email, by);
    console.log(`${email.trim().toLowerCase()} signs in with the password alone now; they may set the authenticator up again in /admin`);
  } else if (command === 'unlock') {
    await unlockStaff(db, email, by);
    console.log(`${email.trim().toLowerCase()} unlocked`);
  } else {
    await setStaffDisabled(db, email, command === 'disable', by);
    console.log(`${email.trim().toLowerCase()} ${command}d`);
  }
});
