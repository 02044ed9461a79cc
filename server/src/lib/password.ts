import crypto from 'node:crypto';
import { promisify } from 'node:util';
import type { Queryable } from '../db/index.ts';
import { ApiError } from './errors.ts';

const scrypt = promisify(crypto.scrypt) as (p: string, s: Buffer, len: number, o: crypto.ScryptOptions) => Promise<Buffer>;
const R = 8, LEN = 32;
/**
 * scrypt cost of new hashes: by default N=2^15, r=8, p=3, one of OWASP's equivalents of N=2^17/p=1 at a quarter of its
 * memory (32 MiB). Set from the configuration (SCRYPT_LOG_N, SCRYPT_P); tests use a cheaper one. Stored hashes carry
 * their own parameters, and a weaker one is replaced at the next successful sign-in (needsRehash).
 */
let N = 2 ** 15, P = 3;
export function configurePasswordHashing(logN: number, p: number) {
  N = 2 ** logN;
  P = p;
}
const scryptOptions = (n: number, r: number, p: number) => ({ N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 });

/** A stored hash made with less than today's cost. */
export function needsRehash(stored: string): boolean {
  const [alg, n, r, p] = stored.split('$');
  return alg !== 'scrypt' || +n * +r * +p < N * R * P;
}

/**
 * Password hashing runs on libuv's small thread pool (4 threads, shared with files and compression). Unbounded, a
 * flood of anonymous hashing requests (registration, reset) queues every sign-in behind it. So hashing goes through
 * two lanes with a few threads each: checking a password (sign-in, link, change) and making a new hash
 * (registration, reset, change). A flood of one lane leaves the other's threads free; a full queue answers 503 at
 * once instead of growing.
 */
class Lane {
  private running = 0;
  private waiting: (() => void)[] = [];
  constructor(private readonly threads: number, private readonly queue: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.threads) {
      if (this.waiting.length >= this.queue) throw new ApiError(503, 'The server is busy; please try again in a moment');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const verifyLane = new Lane(2, 64);
const createLane = new Lane(1, 16);

/** Hashes computed so far (tests use it to show a request did not hash). */
export let hashCount = 0;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await createLane.run(() => scrypt(password, salt, LEN, scryptOptions(N, R, P)));
  hashCount++;
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt') return false;
  const expected = Buffer.from(key, 'base64');
  const got = await verifyLane.run(() => scrypt(password, Buffer.from(salt, 'base64'), expected.length, scryptOptions(+n, +r, +p)));
  hashCount++;
  return crypto.timingSafeEqual(got, expected);
}

/** A hash of a random password: lets unknown e-mails cost the same time as wrong passwords. */
let dummy: Promise<string> | undefined;
export const dummyHash = () =>
  (dummy ??= hashPassword(crypto.randomBytes(12).toString('hex')).catch((err) => {
    dummy = undefined; // a busy lane must not leave a rejected promise cached for good
    throw err;
  }));

/**
 * After a password change or reset: every other session of the account is signed out and every outstanding reset
 * link dies (a stolen session or an old mail must not outlive the new password). `keepSessionId` is the session that
 * changed it, if any.
 */
export async function endOtherSessions(q: Queryable, userId: number, keepSessionId: number | null): Promise<void> {
  await q.query('UPDATE sessions SET user_id = NULL WHERE user_id = $1 AND id IS DISTINCT FROM $2', [userId, keepSessionId]);
  await q.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
}
