/**
 * Reading a real payment provider's variables (PayPal, SnapPay, IOTPay): all of a provider's required variables or
 * none; a partial or malformed set stops the start with a message naming the variable; keys are read from files; a
 * provider's address is https, plain http only to this machine (a test double).
 */
import fs from 'node:fs';

/** The required variables' trimmed values, or null when none is set; throws when only some are. */
export function requiredSet<const N extends readonly string[]>(env: NodeJS.ProcessEnv, provider: string, names: N): Record<N[number], string> | null {
  const set = names.filter((n) => (env[n] ?? '').trim());
  if (!set.length) return null;
  const missing = names.filter((n) => !set.includes(n));
  if (missing.length) {
    throw new Error(`${provider} is partly configured: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing (${set.join(', ')} set)`);
  }
  return Object.fromEntries(names.map((n) => [n, (env[n] as string).trim()])) as Record<N[number], string>;
}

/** The key held by the file a variable names, checked against `pattern`. */
export function keyFromFile(variable: string, file: string, pattern: RegExp, what: string): string {
  let key: string;
  try {
    key = fs.readFileSync(file, 'utf8').trim();
  } catch (e) {
    throw new Error(`${variable} '${file}' cannot be read: ${(e as Error).message}`);
  }
  if (!pattern.test(key)) throw new Error(`${variable} '${file}' does not hold ${what}`);
  return key;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/** The provider's origin from `variable` (else `live`): https, or plain http to this machine only. */
export function providerOrigin(env: NodeJS.ProcessEnv, variable: string, live: string): string {
  const raw = (env[variable] ?? '').trim() || live;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${variable} '${raw}' is not a URL`);
  }
  // Credentials and tokens never cross a network in clear.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname))) {
    throw new Error(`${variable} '${raw}' must be https (http only to this machine)`);
  }
  return url.origin;
}

/** PUBLIC_URL, when set: where a gateway is told to post its notifications (else the address the shopper used). */
export const notifyBaseOf = (env: NodeJS.ProcessEnv): { notifyBase?: string } => {
  const base = (env.PUBLIC_URL ?? '').trim().replace(/\/+$/, '');
  return base ? { notifyBase: base } : {};
};
