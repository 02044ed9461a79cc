/**
 * Content checks (issue 41 item 2): what a shopper writes or uploads for others to see is checked before it is public.
 *
 * Two checkers:
 * - **WeChat's content security** when the mini-program is configured (WECHAT_MINI_PROGRAM_APPID / _SECRET) and the
 *   author's account has an openid of that mini-program: text through `POST /wxa/msg_sec_check` (version 2,
 *   https://developers.weixin.qq.com/miniprogram/dev/server/API/sec-center/sec-check/api_msgseccheck.html), which
 *   answers at once; pictures through `POST /wxa/media_check_async` (version 2,
 *   https://developers.weixin.qq.com/miniprogram/dev/server/API/sec-center/sec-check/api_mediacheckasync.html), which
 *   answers a trace_id and pushes the verdict later (within 30 minutes) to the message push URL,
 *   /api/istore/notify/wechat-media-check (routes/wechatMessages.ts), signed with WECHAT_MESSAGE_TOKEN. WeChat fetches
 *   the picture from its public address, so PUBLIC_URL must be set for pictures to go to WeChat.
 * - **the local check** for everything else: one function, `ContentCheck` below, loaded from the module named by
 *   CONTENT_CHECK_MODULE (its default export). Without one, every item is 'review': a person (the operator's review
 *   queue, `npm run influencers`) decides, which is the human review WeChat accepts in place of its APIs.
 *
 * Verdicts are WeChat's three: 'pass' (published), 'review' (waits for the operator), 'risky' (refused; the shopper is
 * told what was refused in their language). Each item's verdict is kept in content_checks (migration 515): a picture
 * (an upload, which never changes) is checked once, a text once per exact wording. A checker that cannot answer (WeChat
 * down, the module throwing) gives 'review': nothing is published unchecked.
 */
import crypto from 'node:crypto';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import fs from 'node:fs/promises';
import type { Db, Queryable } from '../db/index.ts';
import { weChatCall, withWeChatAccessToken, type WeChatApp } from '../identity/wechat.ts';
import { uploadPath } from '../uploads/images.ts';

export const CONTENT_VERDICTS = ['pass', 'review', 'risky'] as const;
export type ContentVerdict = (typeof CONTENT_VERDICTS)[number];

/** One thing a shopper wrote or uploaded for others to see. */
export type ContentItem =
  | { kind: 'text'; text: string; authorId: number }
  | { kind: 'image'; uploadId: string; mime: string; file: string; authorId: number };

/**
 * The pluggable check for authors WeChat cannot check (CONTENT_CHECK_MODULE's default export): answers the item's
 * verdict and, optionally, a label for the operator (why). It may call any service; a throw counts as 'review'.
 */
export type ContentCheck = (item: ContentItem) => Promise<{ verdict: ContentVerdict; label?: string }>;

/** Without CONTENT_CHECK_MODULE: a person reviews everything (the operator's queue). */
export const reviewEverything: ContentCheck = async () => ({ verdict: 'review', label: 'operator review' });

export interface ContentCheckSettings {
  /** The mini-program and WeChat's API base, when WeChat is configured (identity router's weChatMiniProgram). */
  weChat?: WeChatApp & { baseUrl: string };
  /** The shop's public origin (PUBLIC_URL): WeChat fetches pictures from `${publicUrl}${imagePath(id)}`. */
  publicUrl?: string;
  /** The public path of an uploaded picture by id (routes/uploads.ts serves it). */
  imagePath: (uploadId: string) => string;
  dataDir: string;
  /** The local check; reviewEverything when none is configured. */
  local: ContentCheck;
}

/** CONTENT_CHECK_MODULE's default export (a path, relative to the working directory, or a file: URL), else reviewEverything. */
export async function loadLocalCheck(moduleName: string | undefined): Promise<ContentCheck> {
  const name = (moduleName ?? '').trim();
  if (!name) return reviewEverything;
  const url = name.startsWith('file:') ? name : pathToFileURL(path.resolve(name)).href;
  const mod = await import(url);
  if (typeof mod.default !== 'function') throw new Error(`CONTENT_CHECK_MODULE ${name} has no default export function (server/README.md "Content checks")`);
  return mod.default as ContentCheck;
}

/**
 * What a set of item verdicts means for the whole (pure; table test in tests/content-check.test.ts): refused when
 * anything is risky, waiting while any verdict has not arrived (null), the operator's when anything asks for review,
 * else publishable.
 */
export function combinedVerdict(verdicts: (ContentVerdict | null)[]): 'risky' | 'waiting' | 'review' | 'pass' {
  if (verdicts.includes('risky')) return 'risky';
  if (verdicts.includes(null)) return 'waiting';
  if (verdicts.includes('review')) return 'review';
  return 'pass';
}

/** WeChat's v2 verdict from an answer's or a push's `result.suggest`; anything else is 'review'. */
export function suggestOf(result: unknown): ContentVerdict {
  const suggest = (result as { suggest?: unknown } | undefined)?.suggest;
  return suggest === 'pass' || suggest === 'risky' || suggest === 'review' ? suggest : 'review';
}

/** msgSecCheck takes at most 2500 characters: longer text is checked in pieces. */
const TEXT_LIMIT = 2500;
export function textPieces(text: string): string[] {
  const chars = [...text];
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += TEXT_LIMIT) pieces.push(chars.slice(i, i + TEXT_LIMIT).join(''));
  return pieces.length ? pieces : [''];
}

/** The openid the author has in this mini-program: a WeChat identity joined through it (subject open:<appid>:<openid>). */
async function miniProgramOpenIdOf(q: Queryable, userId: number, appId: string): Promise<string | null> {
  const { rows } = await q.query(
    `SELECT open_id FROM identities WHERE user_id = $1 AND provider = 'wechat' AND subject = 'open:' || $2 || ':' || open_id`, [userId, appId]);
  return rows[0]?.open_id ?? null;
}

const itemKey = (item: ContentItem) =>
  item.kind === 'text' ? `text:${crypto.createHash('sha256').update(item.text).digest('hex')}` : `image:${item.uploadId}`;

/** WeChat's scene for a profile (1 资料): the only public writing the store has is a profile. */
const PROFILE_SCENE = 1;

export class ContentChecker {
  constructor(private readonly db: Db, private readonly settings: ContentCheckSettings) {}

  /**
   * The verdict of each item (null: WeChat's picture check has not answered yet), asking each checker only for items
   * it has not judged before. Runs outside any transaction: WeChat is called over the network.
   */
  async verdicts(items: ContentItem[]): Promise<(ContentVerdict | null)[]> {
    return Promise.all(items.map((item) => this.verdictOf(item)));
  }

  private async verdictOf(item: ContentItem): Promise<ContentVerdict | null> {
    const { weChat, publicUrl } = this.settings;
    const openId = weChat ? await miniProgramOpenIdOf(this.db, item.authorId, weChat.appId) : null;
    const checker = openId && (item.kind === 'text' || publicUrl) ? 'wechat' : 'local';
    const key = itemKey(item);
    const known = await this.db.query('SELECT verdict, trace_id FROM content_checks WHERE item = $1 AND checker = $2', [key, checker]);
    if (known.rows[0]) return known.rows[0].verdict ?? null;
    if (checker === 'local') {
      const { verdict, label } = await this.settings.local(item).catch((err: Error) => ({ verdict: 'review' as const, label: `check failed: ${err.message}`.slice(0, 200) }));
      const v = CONTENT_VERDICTS.includes(verdict) ? verdict : 'review';
      await this.record(key, 'local', v, label ?? null);
      return v;
    }
    try {
      if (item.kind === 'text') {
        const results = [];
        for (const piece of textPieces(item.text)) {
          const answer = await withWeChatAccessToken(this.db, weChat!.baseUrl, weChat!, (token) =>
            weChatCall(weChat!.baseUrl, '/wxa/msg_sec_check', { query: { access_token: token }, body: { content: piece, version: 2, scene: PROFILE_SCENE, openid: openId } }));
          results.push({ verdict: suggestOf(answer.result), label: String(answer.result?.label ?? '') });
        }
        const v = combinedVerdict(results.map((r) => r.verdict)) as ContentVerdict;
        await this.record(key, 'wechat', v, results.find((r) => r.verdict === v)?.label ?? null);
        return v;
      }
      const mediaUrl = `${publicUrl}${this.settings.imagePath(item.uploadId)}`;
      const answer = await withWeChatAccessToken(this.db, weChat!.baseUrl, weChat!, (token) =>
        weChatCall(weChat!.baseUrl, '/wxa/media_check_async', { query: { access_token: token }, body: { media_url: mediaUrl, media_type: 2, version: 2, scene: PROFILE_SCENE, openid: openId } }));
      const traceId = String(answer.trace_id ?? '');
      if (!traceId) throw new Error('media_check_async answered no trace_id');
      await this.db.query(
        `INSERT INTO content_checks (item, checker, trace_id) VALUES ($1, 'wechat', $2) ON CONFLICT (item, checker) DO NOTHING`, [key, traceId]);
      return null;
    } catch (err) {
      // WeChat could not check it now: a person does (never published unchecked). Not kept, so a later version asks again.
      return 'review';
    }
  }

  private async record(key: string, checker: 'wechat' | 'local', verdict: ContentVerdict, label: string | null) {
    await this.db.query(
      `INSERT INTO content_checks (item, checker, verdict, label, decided_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (item, checker) DO NOTHING`, [key, checker, verdict, label]);
  }

  /** The picture item of an upload (its file under DATA_DIR/uploads). */
  imageItem(upload: { id: string; mime: string }, authorId: number): ContentItem {
    return { kind: 'image', uploadId: upload.id, mime: upload.mime, file: uploadPath(this.settings.dataDir, upload.id, upload.mime), authorId };
  }
}

/**
 * Records WeChat's pushed picture verdict for its trace_id, once (a repeated push changes nothing). Answers the upload
 * id it was about, or null for a trace_id this store did not ask for (or already has).
 */
export async function recordMediaVerdict(q: Queryable, traceId: string, verdict: ContentVerdict, label: string | null): Promise<string | null> {
  const { rows } = await q.query(
    `UPDATE content_checks SET verdict = $2, label = $3, decided_at = now() WHERE trace_id = $1 AND verdict IS NULL RETURNING item`,
    [traceId, verdict, label]);
  const item: string | undefined = rows[0]?.item;
  return item?.startsWith('image:') ? item.slice('image:'.length) : null;
}

/**
 * WeChat's message push signature (plaintext mode): the SHA-1 of the token, timestamp and nonce sorted as strings and
 * joined (https://developers.weixin.qq.com/miniprogram/dev/framework/server-ability/message-push.html). Compared in
 * constant time.
 */
export function weChatPushSignatureValid(token: string, query: { signature?: string; timestamp?: string; nonce?: string }): boolean {
  const { signature, timestamp, nonce } = query;
  if (!token || !signature || !timestamp || !nonce) return false;
  const expected = crypto.createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
  const a = Buffer.from(expected);
  const b = Buffer.from(String(signature).toLowerCase());
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** Reads a file for a local check that wants the bytes (kept here so checks need no path logic of their own). */
export const readItemFile = (item: Extract<ContentItem, { kind: 'image' }>) => fs.readFile(item.file);

/** Where routes/uploads.ts serves an influencer picture to everyone (API prefix + common3/image/user/<id>). */
export const PUBLIC_IMAGE_PATH = '/api/istore/client/common3/image/user/';

const checkers = new WeakMap<object, Promise<ContentChecker>>();

/**
 * The content checker of a running app (one per database handle): WeChat from the identity router's mini-program,
 * PUBLIC_URL from the config, the local check from CONTENT_CHECK_MODULE (loaded at first use).
 */
export function contentCheckerOf(app: { db: Db; config: { dataDir: string; publicUrl?: string }; identityProvider: { weChatMiniProgram?: WeChatApp & { baseUrl: string } } }, env: NodeJS.ProcessEnv = process.env): Promise<ContentChecker> {
  let checker = checkers.get(app.db);
  if (!checker) {
    // A module that cannot be loaded makes every local verdict 'review' (its error as the operator's label), not a 500.
    const failing = (err: Error): ContentCheck => async () => { throw err; };
    checker = loadLocalCheck(env.CONTENT_CHECK_MODULE).catch(failing).then((local) => new ContentChecker(app.db, {
      weChat: app.identityProvider.weChatMiniProgram,
      publicUrl: app.config.publicUrl,
      imagePath: (id) => `${PUBLIC_IMAGE_PATH}${id}`,
      dataDir: app.config.dataDir,
      local,
    }));
    checkers.set(app.db, checker);
  }
  return checker;
}
