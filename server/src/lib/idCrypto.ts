/**
 * Encryption at rest of identity documents (issue 41 item 3; PIPL Art. 28–29: an ID number and an ID photo are
 * sensitive personal information that needs strict protection). AES-256-GCM, a fresh 96-bit IV per value, the key's
 * id (first 8 bytes of its SHA-256) in front so a value names the key that sealed it:
 *
 *   text (verified_contacts.id_number_enc):  'idv1.<key id, 16 hex>.<base64url of iv | tag | ciphertext>'
 *   file (DATA_DIR/uploads/<id>.enc):        'IDV1' | key id (8 bytes) | iv (12) | tag (16) | ciphertext
 *
 * Keys: ID_ENCRYPTION_KEY seals (32 bytes, base64 or 64 hex digits: `openssl rand -base64 32`); ID_ENCRYPTION_OLD_KEYS
 * (comma-separated, same form) only opens, for rotation: the operator moves the old key there, sets a new one, and runs
 * `npm run verified-contacts -- reencrypt` (scripts/verified-contacts.ts), which re-seals every value under the new key;
 * the old key can go once it reports nothing left under it. Outside production, with no key set, a key is made once in
 * DATA_DIR/id-encryption.key (mode 0600); production without ID_ENCRYPTION_KEY collects no ID details (503).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isProduction, type Config } from '../config.ts';
import { ApiError } from './errors.ts';

export interface IdKeys {
  /** The key that seals: its id (16 hex) and bytes. */
  current: { id: string; key: Buffer };
  /** Every key that may open a value, by id (the current one included). */
  byId: Map<string, Buffer>;
}

const TEXT_PREFIX = 'idv1';
const FILE_MAGIC = Buffer.from('IDV1');
const IV = 12;
const TAG = 16;

export const keyIdOf = (key: Buffer) => crypto.createHash('sha256').update(key).digest('hex').slice(0, 16);

/** A key as written in the environment: 32 bytes as base64 (44 characters) or 64 hex digits. */
export function parseKey(text: string, name: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32 || (!/^[0-9a-f]{64}$/i.test(t) && !/^[A-Za-z0-9+/]{43}=?$/.test(t))) {
    throw new Error(`${name} must be 32 bytes, as base64 (openssl rand -base64 32) or 64 hex digits`);
  }
  return key;
}

export function keysOf(current: Buffer, old: Buffer[] = []): IdKeys {
  const byId = new Map<string, Buffer>();
  for (const k of [current, ...old]) byId.set(keyIdOf(k), k);
  return { current: { id: keyIdOf(current), key: current }, byId };
}

export type IdKeyConfig = Pick<Config, 'dataDir' | 'nodeEnv'> & Partial<Pick<Config, 'idEncryptionKey' | 'idEncryptionOldKeys' | 'allowSandbox' | 'credentialVars' | 'smtpUrl' | 'publicUrl' | 'databaseUrl'>>;

/** The development key file (outside production, when ID_ENCRYPTION_KEY is not set). */
export const devKeyFile = (dataDir: string) => path.join(dataDir, 'id-encryption.key');

/**
 * The keys of this configuration, or null when none may be used (production without ID_ENCRYPTION_KEY). Throws on a
 * malformed key (the start fails with its name).
 */
export function loadIdKeys(config: IdKeyConfig): IdKeys | null {
  const old = (config.idEncryptionOldKeys ?? []).map((k, i) => parseKey(k, `ID_ENCRYPTION_OLD_KEYS (key ${i + 1})`));
  if (config.idEncryptionKey) return keysOf(parseKey(config.idEncryptionKey, 'ID_ENCRYPTION_KEY'), old);
  if (isProduction(config)) return null;
  const file = devKeyFile(config.dataDir);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (err: any) {
      if (err.code !== 'EEXIST') throw err;
    }
  }
  return keysOf(parseKey(fs.readFileSync(file, 'utf8'), file), old);
}

/** Answered instead of collecting ID details when no key may be used. */
export const noKeyError = () => new ApiError(503, 'ID details cannot be collected: the store has no ID encryption key (ID_ENCRYPTION_KEY)');

function seal(keys: IdKeys, plain: Buffer): { iv: Buffer; tag: Buffer; body: Buffer } {
  const iv = crypto.randomBytes(IV);
  const c = crypto.createCipheriv('aes-256-gcm', keys.current.key, iv);
  const body = Buffer.concat([c.update(plain), c.final()]);
  return { iv, tag: c.getAuthTag(), body };
}

function open(key: Buffer, iv: Buffer, tag: Buffer, body: Buffer): Buffer {
  const d = crypto.createDecipheriv('aes-256-gcm', key, iv);
  d.setAuthTag(tag);
  return Buffer.concat([d.update(body), d.final()]);
}

function keyFor(keys: IdKeys, id: string): Buffer {
  const key = keys.byId.get(id);
  if (!key) throw new Error(`sealed with key ${id}, which is neither ID_ENCRYPTION_KEY nor in ID_ENCRYPTION_OLD_KEYS`);
  return key;
}

export function sealText(keys: IdKeys, plain: string): string {
  const { iv, tag, body } = seal(keys, Buffer.from(plain, 'utf8'));
  return `${TEXT_PREFIX}.${keys.current.id}.${Buffer.concat([iv, tag, body]).toString('base64url')}`;
}

/** The key id a sealed text names (null when it is not one). */
export function textKeyId(sealed: string): string | null {
  const m = /^idv1\.([0-9a-f]{16})\./.exec(sealed);
  return m ? m[1] : null;
}

export function openText(keys: IdKeys, sealed: string): string {
  const m = /^idv1\.([0-9a-f]{16})\.([A-Za-z0-9_-]+)$/.exec(sealed);
  if (!m) throw new Error('not a sealed ID value');
  const raw = Buffer.from(m[2], 'base64url');
  return open(keyFor(keys, m[1]), raw.subarray(0, IV), raw.subarray(IV, IV + TAG), raw.subarray(IV + TAG)).toString('utf8');
}

export function sealFile(keys: IdKeys, plain: Buffer): Buffer {
  const { iv, tag, body } = seal(keys, plain);
  return Buffer.concat([FILE_MAGIC, Buffer.from(keys.current.id, 'hex'), iv, tag, body]);
}

/** The key id a sealed file names (null when it is not one). */
export function fileKeyId(data: Buffer): string | null {
  return data.length >= 4 + 8 + IV + TAG && data.subarray(0, 4).equals(FILE_MAGIC) ? data.subarray(4, 12).toString('hex') : null;
}

export function openFile(keys: IdKeys, data: Buffer): Buffer {
  const id = fileKeyId(data);
  if (!id) throw new Error('not a sealed ID file');
  const at = 12;
  return open(keyFor(keys, id), data.subarray(at, at + IV), data.subarray(at + IV, at + IV + TAG), data.subarray(at + IV + TAG));
}
