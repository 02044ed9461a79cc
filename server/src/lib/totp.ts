/**
 * Time-based one-time passwords for the back office's owner (issue 43): RFC 6238 TOTP over RFC 4226 HOTP, with the
 * parameters every authenticator app takes by default (Google Authenticator's key URI format,
 * https://github.com/google/google-authenticator/wiki/Key-Uri-Format): HMAC-SHA-1, a 30-second step counted from the
 * Unix epoch, 6 digits, the shared secret as unpadded base32 (RFC 4648 §6). Pure: no clock, no database
 * (server/tests/totp.test.ts runs RFC 4226 appendix D's and RFC 6238 appendix B's test vectors).
 */
import crypto from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after the current one are accepted too (a clock a little off, a code typed late). */
export const TOTP_WINDOW = 1;
/** A new secret's length: 20 bytes, the HMAC-SHA-1 output size RFC 4226 §4 recommends (R6: at least 128 bits). */
export const TOTP_SECRET_BYTES = 20;

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, without padding (what otpauth:// URIs carry). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
}

/** Reads base32 as people type it (any case, spaces and padding ignored); null when a character is not base32. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const c of clean) {
    const v = B32.indexOf(c);
    if (v < 0) return null;
    value = (value << 5) | v;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
    value &= (1 << bits) - 1;
  }
  return Buffer.from(out);
}

/** RFC 4226 §5.3: HMAC-SHA-1 of the 8-byte counter, dynamic truncation, the last `digits` decimal digits. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = crypto.createHmac('sha1', key).update(msg).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** RFC 6238 §4.2: the time step T = floor((unix time − T0) / X), with T0 = 0 and X = 30 s. */
export const timeStep = (unixSeconds: number, stepSeconds = TOTP_STEP_SECONDS) => Math.floor(unixSeconds / stepSeconds);

export function totp(key: Uint8Array, unixSeconds: number, digits = TOTP_DIGITS): string {
  return hotp(key, timeStep(unixSeconds), digits);
}

function sameDigits(a: string, b: string): boolean {
  return a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * The time step whose code `code` is, within ±TOTP_WINDOW steps of `unixSeconds`, or null. The caller refuses a step
 * at or before the last one it accepted (RFC 6238 §5.2: a code is good once).
 */
export function matchingStep(key: Uint8Array, code: string, unixSeconds: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = timeStep(unixSeconds);
  let found: number | null = null;
  // Every candidate is computed and compared, found or not, so the time taken says nothing about which one matched.
  for (let s = now - TOTP_WINDOW; s <= now + TOTP_WINDOW; s++) {
    if (sameDigits(hotp(key, s), code) && found === null) found = s;
  }
  return found;
}

/** A new random secret. */
export const newTotpSecret = () => crypto.randomBytes(TOTP_SECRET_BYTES);

/** The otpauth:// URI an authenticator app reads from the QR code (Key Uri Format: label issuer:account, issuer). */
export function otpauthUri(secret: Uint8Array, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({ secret: base32Encode(secret), issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${params.toString()}`;
}

/** Recovery codes: 10 of 10 base32 characters (50 bits each), shown once as xxxxx-xxxxx, stored hashed. */
export const RECOVERY_CODES = 10;
export function newRecoveryCodes(n = RECOVERY_CODES): string[] {
  return Array.from({ length: n }, () => {
    const s = base32Encode(crypto.randomBytes(7)).slice(0, 10).toLowerCase();
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
}
/** A recovery code as typed (any case, with or without the dash or spaces), normalised; null when it cannot be one. */
export function normalRecoveryCode(text: string): string | null {
  const s = text.replace(/[\s-]/g, '').toLowerCase();
  return /^[a-z2-7]{10}$/.test(s) ? `${s.slice(0, 5)}-${s.slice(5)}` : null;
}
/** Recovery codes have 50 random bits: a SHA-256 is enough to keep them unusable from a copy of the table. */
export const hashRecoveryCode = (code: string) => crypto.createHash('sha256').update(`istore-staff-recovery:${code}`).digest('base64url');
