/**
 * WeChat Pay's platform certificates (WECHATPAY_VERIFY=certificates or both): the keys WeChat Pay signs its answers and
 * notifications with, each named by the serial its Wechatpay-Serial header carries.
 *
 * From WeChat Pay's pages "下载平台证书" (https://pay.weixin.qq.com/wiki/doc/api_external/ch/apis/chapter3_3_8.shtml,
 * the cross-border GET /v3/global/certificates; the domestic GET /v3/certificates answers the same form) and
 * "平台证书更新指引" (https://pay.weixin.qq.com/wiki/doc/apiv3/open/pay/wechatpay5_0.shtml):
 *   - the answer lists { serial_no, effective_time, expire_time, encrypt_certificate { algorithm AEAD_AES_256_GCM, nonce,
 *     associated_data "certificate", ciphertext } }, the PEM encrypted with the APIv3 key;
 *   - a new certificate is listed 24 hours before WeChat Pay starts signing with it, and during the change answers and
 *     notifications carry either serial: keep several, pick by Wechatpay-Serial;
 *   - poll at intervals under 12 hours, and drop a certificate once its expire_time has passed.
 * The certificates are kept in the database (migration 500) so every instance verifies with the same set; each instance
 * downloads on its own timer (WECHATPAY_CERT_REFRESH_MS, default 12 h; sooner when the newest one nears its end) and once
 * more, at most every ON_DEMAND_MIN_MS, when a serial it does not know arrives.
 */
import crypto, { type KeyObject } from 'node:crypto';
import type { Queryable } from '../db/index.ts';

/** An unknown serial may trigger a download at most this often (a forged header must not make us hammer WeChat Pay). */
export const ON_DEMAND_MIN_MS = 10_000;
/** The earliest next download after a failed one. */
const RETRY_MS = 60_000;

export interface CertificateAnswer {
  status: number;
  headers: Record<string, string | undefined>;
  text: string;
}

interface Log {
  info(o: object, msg: string): void;
  warn(o: object, msg: string): void;
  error(o: object, msg: string): void;
}

interface Known {
  key: KeyObject;
  pem: string;
  effectiveAt: number;
  expiresAt: number;
}

export interface CertificateStoreOptions {
  /** The merchant number the certificates are kept under (the Authorization's mchid). */
  mchId: string;
  apiV3Key: Buffer;
  refreshMs: number;
  /** GET /v3/certificates or /v3/global/certificates, signed; the answer as it came. */
  download(): Promise<CertificateAnswer>;
  /** Checks the answer's signature headers with the key a serial names; the reason it fails, or null. */
  verify(headers: CertificateAnswer['headers'], body: string, keyOf: (serial: string) => KeyObject | null): string | null;
}

/** Decrypts one AEAD_AES_256_GCM block of WeChat Pay (the ciphertext ends with the 16-byte tag). */
export function aeadDecrypt(apiV3Key: Buffer, block: { algorithm?: unknown; ciphertext?: unknown; nonce?: unknown; associated_data?: unknown }): string {
  if (block.algorithm !== 'AEAD_AES_256_GCM' || typeof block.ciphertext !== 'string' || typeof block.nonce !== 'string') {
    throw new Error('not an AEAD_AES_256_GCM block');
  }
  const data = Buffer.from(block.ciphertext, 'base64');
  if (data.length <= 16) throw new Error('ciphertext too short');
  const decipher = crypto.createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(block.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(typeof block.associated_data === 'string' ? block.associated_data : '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/** A certificate's serial as WeChat Pay writes it (upper-case hex, no leading zeros kept by X509Certificate). */
const serialKey = (serial: string) => serial.toUpperCase().replace(/^0+/, '');

/** The certificates of one answer of the download API, decrypted and checked; throws naming what is wrong. */
export function readCertificateAnswer(apiV3Key: Buffer, text: string): Map<string, Known> {
  let parsed: any;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('the certificate answer is not JSON');
  }
  if (!Array.isArray(parsed?.data) || !parsed.data.length) throw new Error('the certificate answer lists no certificate');
  const found = new Map<string, Known>();
  for (const item of parsed.data) {
    const serial = typeof item?.serial_no === 'string' ? item.serial_no : '';
    if (!/^[0-9A-Fa-f]{1,40}$/.test(serial)) throw new Error('a certificate without a serial_no');
    if (item.encrypt_certificate?.associated_data !== 'certificate') throw new Error(`certificate ${serial}: associated_data is not "certificate"`);
    let pem: string;
    try {
      pem = aeadDecrypt(apiV3Key, item.encrypt_certificate);
    } catch (e: any) {
      throw new Error(`certificate ${serial} does not decrypt with WECHATPAY_APIV3_KEY (${e.message})`);
    }
    let cert: crypto.X509Certificate;
    try {
      cert = new crypto.X509Certificate(pem);
    } catch {
      throw new Error(`certificate ${serial} is not an X.509 certificate`);
    }
    if (serialKey(cert.serialNumber) !== serialKey(serial)) throw new Error(`certificate ${serial} holds serial ${cert.serialNumber}`);
    const effectiveAt = Date.parse(item.effective_time);
    const expiresAt = Date.parse(item.expire_time);
    if (!Number.isFinite(effectiveAt) || !Number.isFinite(expiresAt)) throw new Error(`certificate ${serial}: effective_time / expire_time are not RFC 3339 times`);
    found.set(serial, { key: cert.publicKey, pem, effectiveAt, expiresAt });
  }
  return found;
}

export class PlatformCertificates {
  private known = new Map<string, Known>();
  private db: Queryable | null = null;
  private log: Log | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private lastDownload = 0;
  private stopped = false;

  constructor(private readonly opts: CertificateStoreOptions) {}

  /** Serials usable now (not expired), newest last. */
  serials(now = Date.now()): string[] {
    return [...this.known].filter(([, k]) => k.expiresAt > now).sort((a, b) => a[1].effectiveAt - b[1].effectiveAt).map(([s]) => s);
  }

  /** Loads the kept certificates, downloads once (a failure is logged: the kept ones serve) and starts the timer. */
  async open(db: Queryable, log: Log): Promise<void> {
    this.db = db;
    this.log = log;
    this.stopped = false;
    await this.load();
    await this.refresh().catch((e) => log.error({ err: e }, 'WeChat Pay platform certificates: download failed'));
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The key of a serial: kept, then kept by another instance, then downloaded (at most every ON_DEMAND_MIN_MS). */
  async keyOf(serial: string): Promise<KeyObject | null> {
    const now = Date.now();
    const hit = () => {
      const k = this.known.get(serial);
      return k && k.expiresAt > Date.now() ? k.key : null;
    };
    if (hit()) return hit();
    await this.load();
    if (hit() || now - this.lastDownload < ON_DEMAND_MIN_MS) return hit();
    await this.refresh().catch((e) => this.log?.error({ err: e }, 'WeChat Pay platform certificates: download failed'));
    return hit();
  }

  /** Downloads, decrypts, verifies and keeps the certificates (one download at a time). */
  refresh(): Promise<void> {
    this.running ??= this.download().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async download(): Promise<void> {
    this.lastDownload = Date.now();
    const answer = await this.opts.download();
    if (answer.status !== 200) throw new Error(`WeChat Pay answered ${answer.status} to the certificate download: ${answer.text.slice(0, 200)}`);
    const fresh = readCertificateAnswer(this.opts.apiV3Key, answer.text);
    // The answer is signed like every other, by a certificate it lists or one kept before.
    const problem = this.opts.verify(answer.headers, answer.text, (serial) => (fresh.get(serial) ?? this.known.get(serial))?.key ?? null);
    if (problem) throw new Error(`the certificate answer is refused: ${problem}`);
    const added = [...fresh.keys()].filter((s) => !this.known.has(s));
    if (this.db) {
      for (const [serial, c] of fresh) {
        await this.db.query(
          `INSERT INTO wechatpay_platform_certificates (mch_id, serial_no, certificate_pem, effective_at, expires_at)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (mch_id, serial_no) DO UPDATE SET certificate_pem = EXCLUDED.certificate_pem, effective_at = EXCLUDED.effective_at,
             expires_at = EXCLUDED.expires_at, fetched_at = now()`,
          [this.opts.mchId, serial, c.pem, new Date(c.effectiveAt), new Date(c.expiresAt)],
        );
      }
      await this.db.query(`DELETE FROM wechatpay_platform_certificates WHERE mch_id = $1 AND expires_at <= now()`, [this.opts.mchId]);
      await this.load();
    } else {
      for (const [serial, c] of fresh) this.known.set(serial, c);
    }
    if (added.length) this.log?.info({ serials: added, kept: this.serials() }, 'WeChat Pay platform certificates: new serial(s) kept');
  }

  private async load(): Promise<void> {
    if (!this.db) return;
    const { rows } = await this.db.query<{ serial_no: string; certificate_pem: string; effective_at: Date | string; expires_at: Date | string }>(
      `SELECT serial_no, certificate_pem, effective_at, expires_at FROM wechatpay_platform_certificates WHERE mch_id = $1 AND expires_at > now()`,
      [this.opts.mchId],
    );
    const next = new Map<string, Known>();
    for (const r of rows) {
      const kept = this.known.get(r.serial_no);
      const key = kept?.pem === r.certificate_pem ? kept.key : new crypto.X509Certificate(r.certificate_pem).publicKey;
      next.set(r.serial_no, { key, pem: r.certificate_pem, effectiveAt: new Date(r.effective_at).getTime(), expiresAt: new Date(r.expires_at).getTime() });
    }
    this.known = next;
  }

  /** Next download: every refreshMs; sooner (half the time left, at least a minute) when the newest certificate nears its end. */
  nextDelay(now = Date.now()): number {
    const newest = Math.max(0, ...[...this.known.values()].map((k) => k.expiresAt));
    if (!newest) return Math.min(this.opts.refreshMs, RETRY_MS);
    const left = newest - now;
    return left < this.opts.refreshMs ? Math.max(Math.min(this.opts.refreshMs, RETRY_MS), Math.floor(left / 2)) : this.opts.refreshMs;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.refresh()
        .catch((e) => this.log?.error({ err: e }, 'WeChat Pay platform certificates: download failed'))
        .finally(() => this.schedule());
    }, this.nextDelay());
    this.timer.unref();
  }
}
