/**
 * Influencer profiles: apply, edit (draft → review → published), the operator's review, the public list and detail,
 * likes. Rules:
 * - Only APPROVED profiles are public, and only their `published` version; an edit never changes what the public sees
 *   until it is approved (by the content check's 'pass' or by the operator). SUSPENDED hides a profile from list and detail at once (every public query filters).
 * - Texts are stored as the owner typed them (trimmed) and always shown as plain text by clients.
 * - Every image a profile names is an 'influencer' upload of its owner; products named in picks must exist.
 * - One like per shopper per profile (primary key of influencer_likes); the count moves only when a row was inserted.
 * - Every submitted version is screened by the content check (services/contentCheck.ts) before anyone else sees it:
 *   CHECKING until every verdict is in (WeChat's picture check answers by push), then refused ('risky': REJECTED with
 *   refused_by), the operator's (review PENDING), or published ('pass', as the operator's approval would).
 */
import type { Db, Queryable } from '../../db/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { StoredUpload } from '../../services/uploads.ts';
import { combinedVerdict, type ContentChecker, type ContentItem } from '../../services/contentCheck.ts';
import type {
  InfluencerCard, InfluencerDetail, InfluencerPick, InfluencerProfileInput, InfluencerSection, InfluencerStatus, MyInfluencerProfile,
  PublicInfluencerSection,
} from '../../../../contract/influencers.ts';

/** The section template whose sections are the blocks a profile may use. */
export const TEMPLATE_TYPE = 'influencer';
/** Stored influencer images per shopper (gallery 9 + avatar + cover + image sections, with room to swap). */
export const MAX_STORED_IMAGES = 30;

const imageId = (name: string) => name.slice('user/'.length);
const iso = (d: unknown) => (d instanceof Date ? d : new Date(String(d))).toISOString();

/** Both languages of a bilingual text, trimmed; undefined when neither has anything. */
function bilingual(content: { en: string; zh: string } | undefined): { en: string; zh: string } | undefined {
  if (!content) return undefined;
  const trimmed = { en: content.en.trim(), zh: content.zh.trim() };
  return trimmed.en || trimmed.zh ? trimmed : undefined;
}

/** Every image name a version of a profile uses. */
function imagesOf(p: InfluencerProfileInput): string[] {
  const sectionImages = p.sections.flatMap((s) => (s.image ? [s.image] : []));
  return [p.avatar, p.cover, ...p.gallery, ...sectionImages].filter((x): x is string => !!x);
}

/** The input checked against the template, the owner's uploads and the catalogue, trimmed; all problems in one 400. */
export async function checkProfile(q: Queryable, userId: number, input: InfluencerProfileInput): Promise<InfluencerProfileInput> {
  const errors: string[] = [];
  const displayName = input.displayName.trim();
  if (!displayName) errors.push('Display name is required');
  const displayNameContent = bilingual(input.displayNameContent);
  const bio = { en: input.bio.en.trim(), zh: input.bio.zh.trim() };
  if (!bio.en && !bio.zh) errors.push('Write a bio in at least one language');
  if (new Set(input.gallery).size !== input.gallery.length) errors.push('An image is in the gallery twice');

  const template = await q.query('SELECT sections FROM section_templates WHERE type = $1', [TEMPLATE_TYPE]);
  const blocks = new Map<string, string>(
    ((template.rows[0]?.sections ?? []) as { kind: string; id: string; block: string }[])
      .filter((s) => s.kind === 'influencerSection').map((s) => [s.id, s.block]),
  );
  const sections = input.sections.map((s, i): InfluencerSection => {
    const n = i + 1;
    if (blocks.get(s.template) !== s.kind) errors.push(`Section ${n}: '${s.template}' is not a ${s.kind} section of the store's templates`);
    const titleContent = bilingual(s.titleContent);
    const head = { template: s.template, kind: s.kind, title: s.title.trim(), ...(titleContent ? { titleContent } : {}) };
    if (s.kind === 'picks') {
      const productIds = [...new Set(s.productIds ?? [])];
      if (!productIds.length) errors.push(`Section ${n}: pick at least one product`);
      return { ...head, productIds };
    }
    if (s.kind === 'text') {
      const text = (s.text ?? '').trim();
      if (!text) errors.push(`Section ${n}: the text is empty`);
      return { ...head, text };
    }
    if (!s.image) errors.push(`Section ${n}: choose an image`);
    return { ...head, image: s.image ?? '' };
  });

  const clean: InfluencerProfileInput = {
    displayName, ...(displayNameContent ? { displayNameContent } : {}), bio, avatar: input.avatar, cover: input.cover, gallery: input.gallery,
    socialLinks: input.socialLinks.map((l) => ({ label: l.label.trim(), url: l.url.trim() })), sections,
  };
  const images = [...new Set(imagesOf(clean))];
  if (images.length) {
    const { rows } = await q.query(
      `SELECT id FROM uploads WHERE user_id = $1 AND kind = 'influencer' AND id = ANY($2::text[])`, [userId, images.map(imageId)]);
    const mine = new Set(rows.map((r: any) => `user/${r.id}`));
    for (const img of images) if (!mine.has(img)) errors.push(`Image ${img} is not one of your uploads`);
  }
  const productIds = [...new Set(sections.flatMap((s) => s.productIds ?? []))];
  if (productIds.length) {
    const { rows } = await q.query(`SELECT id::text FROM products WHERE id = ANY($1::int[]) AND record_status = 'ACTIVE'`, [productIds.map(Number)]);
    const known = new Set(rows.map((r: any) => r.id));
    for (const id of productIds) if (!known.has(id)) errors.push(`Product ${id} does not exist`);
  }
  if (errors.length) throw badRequest(errors);
  return clean;
}

function statusOf(r: any | undefined): InfluencerStatus {
  if (!r) return { status: 'NOT_APPLIED', review: 'NONE', id: null, reason: null, likes: 0 };
  return { status: r.status, review: r.review, id: String(r.id), reason: r.reason ?? null, ...(r.refused_by ? { refusedBy: r.refused_by } : {}), likes: r.like_count };
}

const OWN = 'SELECT * FROM influencer_profiles WHERE user_id = $1';

export async function influencerStatus(q: Queryable, userId: number): Promise<InfluencerStatus> {
  const { rows } = await q.query(OWN, [userId]);
  return statusOf(rows[0]);
}

/** The owner's profile with both versions; 404 before applying. */
export async function myProfile(q: Queryable, userId: number): Promise<MyInfluencerProfile> {
  const { rows } = await q.query(OWN, [userId]);
  if (!rows[0]) throw notFound('You have not applied to be an influencer');
  return { ...statusOf(rows[0]), draft: rows[0].draft, published: rows[0].published ?? null };
}

/** Applies: creates the profile, its version CHECKING (screenInfluencerDraft decides). 409 when the shopper has one already (change it with PUT). */
export async function applyAsInfluencer(q: Queryable, userId: number, input: InfluencerProfileInput): Promise<MyInfluencerProfile> {
  const draft = await checkProfile(q, userId, input);
  const { rowCount } = await q.query(
    `INSERT INTO influencer_profiles (user_id, status, review, draft) VALUES ($1, 'PENDING', 'CHECKING', $2::jsonb)
     ON CONFLICT (user_id) DO NOTHING`, [userId, JSON.stringify(draft)]);
  if (!rowCount) throw conflict('You have applied already: change your profile instead');
  return myProfile(q, userId);
}

/**
 * The owner's change: becomes the draft, CHECKING (then screenInfluencerDraft). A rejected application goes back to PENDING; an approved
 * profile stays APPROVED with its published version public. A suspended profile cannot be changed (403).
 */
export async function editInfluencerProfile(q: Queryable, userId: number, input: InfluencerProfileInput): Promise<MyInfluencerProfile> {
  const { rows } = await q.query(`${OWN} FOR UPDATE`, [userId]);
  if (!rows[0]) throw notFound('You have not applied to be an influencer');
  if (rows[0].status === 'SUSPENDED') throw forbidden('Your influencer profile is suspended');
  const draft = await checkProfile(q, userId, input);
  await q.query(
    `UPDATE influencer_profiles SET draft = $2::jsonb, review = 'CHECKING', reason = NULL, refused_by = NULL, submitted_at = clock_timestamp(),
       status = CASE WHEN status = 'REJECTED' THEN 'PENDING' ELSE status END
     WHERE id = $1`, [rows[0].id, JSON.stringify(draft)]);
  return myProfile(q, userId);
}

/** Records an uploaded influencer image; 409 when the shopper keeps too many already. */
export async function addInfluencerImage(db: Db, userId: number, upload: { id: string; mime: string; bytes: number }): Promise<void> {
  await db.tx(async (q) => {
    // Serialises this shopper's uploads so two at once cannot both pass the count.
    await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const { rows } = await q.query(`SELECT count(*)::int AS n FROM uploads WHERE user_id = $1 AND kind = 'influencer'`, [userId]);
    if (rows[0].n >= MAX_STORED_IMAGES) throw conflict(`You keep ${MAX_STORED_IMAGES} images already: delete one first`);
    await q.query(`INSERT INTO uploads (id, user_id, kind, mime, bytes) VALUES ($1, $2, 'influencer', $3, $4)`, [upload.id, userId, upload.mime, upload.bytes]);
  });
}

/** A version of the profile without an image (gallery, avatar, cover, image sections that showed it). */
function without(p: InfluencerProfileInput, name: string): InfluencerProfileInput {
  return {
    ...p,
    avatar: p.avatar === name ? null : p.avatar,
    cover: p.cover === name ? null : p.cover,
    gallery: p.gallery.filter((g) => g !== name),
    sections: p.sections.filter((s) => s.image !== name),
  };
}

/**
 * Deletes an influencer image of this shopper: the upload row goes and both versions of the profile stop naming it
 * (taking something away needs no review). Answers the upload so the caller removes its file; 404 when it is not theirs.
 */
export async function deleteInfluencerImage(q: Queryable, userId: number, id: string): Promise<StoredUpload> {
  const { rows } = await q.query(`DELETE FROM uploads WHERE id = $1 AND user_id = $2 AND kind = 'influencer' RETURNING id, mime`, [id, userId]);
  if (!rows[0]) throw notFound('Image not found');
  const own = await q.query(`${OWN} FOR UPDATE`, [userId]);
  const p = own.rows[0];
  if (p) {
    const name = `user/${id}`;
    await q.query('UPDATE influencer_profiles SET draft = $2::jsonb, published = $3::jsonb WHERE id = $1', [
      p.id, JSON.stringify(without(p.draft, name)), p.published ? JSON.stringify(without(p.published, name)) : null]);
  }
  return rows[0];
}

const PUBLIC = `SELECT p.*, u.my_id FROM influencer_profiles p JOIN users u ON u.id = p.user_id WHERE p.status = 'APPROVED'`;

function toCard(r: any): InfluencerCard {
  const v = r.published as InfluencerProfileInput;
  return {
    id: String(r.id), displayName: v.displayName, ...(v.displayNameContent ? { displayNameContent: v.displayNameContent } : {}), bio: v.bio, avatar: v.avatar, cover: v.cover, likes: r.like_count,
    publishedAt: iso(r.published_at),
  };
}

/** Approved profiles, newest first (first approval) or most liked first. */
export async function listInfluencers(q: Queryable, sort: 'newest' | 'likes', limit: number, offset: number): Promise<{ profiles: InfluencerCard[]; hasMore: boolean }> {
  const order = sort === 'likes' ? 'p.like_count DESC, p.id DESC' : 'p.published_at DESC, p.id DESC';
  const { rows } = await q.query(`${PUBLIC} ORDER BY ${order} LIMIT $1 OFFSET $2`, [limit + 1, offset]);
  return { profiles: rows.slice(0, limit).map(toCard), hasMore: rows.length > limit };
}

async function picksOf(q: Queryable, ids: string[]): Promise<InfluencerPick[]> {
  if (!ids.length) return [];
  const { rows } = await q.query(
    `SELECT id::text, name_en, name_zh, images->>0 AS image, price, currency FROM products WHERE id = ANY($1::int[]) AND record_status = 'ACTIVE'`,
    [ids.map(Number)]);
  const byId = new Map(rows.map((r: any) => [r.id, r]));
  return ids.flatMap((id) => {
    const r: any = byId.get(id);
    return r ? [{ id, name: { en: r.name_en, zh: r.name_zh }, image: r.image ?? null, price: r.price, currency: r.currency }] : [];
  });
}

/** An approved profile as the public sees it; 404 for any other (pending, rejected, suspended, unknown). */
export async function influencerDetail(q: Queryable, id: number, viewerId: number | null): Promise<InfluencerDetail> {
  const { rows } = await q.query(`${PUBLIC} AND p.id = $1`, [id]);
  const r = rows[0];
  if (!r) throw notFound('Influencer not found');
  const v = r.published as InfluencerProfileInput;
  const sections: PublicInfluencerSection[] = [];
  for (const s of v.sections) {
    const head = { kind: s.kind, title: s.title, ...(s.titleContent ? { titleContent: s.titleContent } : {}) };
    if (s.kind === 'picks') sections.push({ ...head, picks: await picksOf(q, s.productIds ?? []) });
    else if (s.kind === 'text') sections.push({ ...head, text: s.text ?? '' });
    else sections.push({ ...head, image: s.image ?? '' });
  }
  const liked = viewerId
    ? (await q.query('SELECT 1 FROM influencer_likes WHERE profile_id = $1 AND user_id = $2', [id, viewerId])).rows.length > 0
    : false;
  return { ...toCard(r), gallery: v.gallery, socialLinks: v.socialLinks, sections, liked, referralId: r.my_id };
}

/** Likes an approved profile once: a repeat (however concurrent) inserts nothing and leaves the count alone. */
export async function likeInfluencer(db: Db, id: number, userId: number): Promise<{ liked: boolean; likes: number }> {
  return db.tx(async (q) => {
    const { rows } = await q.query(`SELECT id FROM influencer_profiles WHERE id = $1 AND status = 'APPROVED'`, [id]);
    if (!rows[0]) throw notFound('Influencer not found');
    const added = await q.query(
      'INSERT INTO influencer_likes (profile_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [id, userId]);
    const counted = added.rowCount
      ? await q.query('UPDATE influencer_profiles SET like_count = like_count + 1 WHERE id = $1 RETURNING like_count', [id])
      : await q.query('SELECT like_count FROM influencer_profiles WHERE id = $1', [id]);
    return { liked: true, likes: counted.rows[0].like_count };
  });
}

// ---- the content check (services/contentCheck.ts) ----

/** Every text of a version that others would read, one per line: names, bio, section titles and texts, link labels. */
export function textsOf(p: InfluencerProfileInput): string {
  const both = (c: { en: string; zh: string } | undefined) => (c ? [c.en, c.zh] : []);
  return [
    p.displayName, ...both(p.displayNameContent), p.bio.en, p.bio.zh,
    ...p.sections.flatMap((s) => [s.title, ...both(s.titleContent), s.text ?? '']),
    ...p.socialLinks.flatMap((l) => [l.label, l.url]),
  ].map((t) => t.trim()).filter(Boolean).join('\n');
}

/**
 * Screens the owner's version waiting in CHECKING: asks the content check about its text and each picture (outside any
 * transaction: WeChat is called over the network), then applies the combined verdict unless the owner submitted
 * another version meanwhile. Waits (stays CHECKING) while WeChat's picture check has not pushed its result; the push
 * calls this again (rescreenAfterPush).
 */
export async function screenInfluencerDraft(db: Db, checker: ContentChecker, userId: number): Promise<void> {
  const { rows } = await db.query(OWN, [userId]);
  const p = rows[0];
  if (!p || p.review !== 'CHECKING') return;
  const draft = p.draft as InfluencerProfileInput;
  const names = [...new Set(imagesOf(draft))];
  const uploads = names.length
    ? (await db.query(`SELECT id, mime FROM uploads WHERE user_id = $1 AND kind = 'influencer' AND id = ANY($2::text[])`, [userId, names.map(imageId)])).rows
    : [];
  const text: ContentItem = { kind: 'text', text: textsOf(draft), authorId: userId };
  const [textVerdict, ...imageVerdicts] = await checker.verdicts([text, ...uploads.map((u: any) => checker.imageItem(u, userId))]);
  const verdict = combinedVerdict([textVerdict, ...imageVerdicts]);
  if (verdict === 'waiting') return;
  await db.tx(async (q) => {
    const now = await q.query(`SELECT review, submitted_at FROM influencer_profiles WHERE id = $1 FOR UPDATE`, [p.id]);
    const row = now.rows[0];
    if (!row || row.review !== 'CHECKING' || iso(row.submitted_at) !== iso(p.submitted_at)) return;
    if (verdict === 'risky') {
      await q.query(
        `UPDATE influencer_profiles SET review = 'REJECTED', refused_by = $2, reason = NULL,
           status = CASE WHEN status = 'PENDING' THEN 'REJECTED' ELSE status END
         WHERE id = $1`, [p.id, textVerdict === 'risky' ? 'text' : 'image']);
    } else if (verdict === 'review') {
      await q.query(`UPDATE influencer_profiles SET review = 'PENDING' WHERE id = $1`, [p.id]);
    } else {
      await q.query(
        `UPDATE influencer_profiles SET status = CASE WHEN status = 'SUSPENDED' THEN status ELSE 'APPROVED' END, reason = NULL,
           published = draft, published_at = COALESCE(published_at, now()), review = 'NONE'
         WHERE id = $1`, [p.id]);
    }
  });
}

/** After WeChat pushed a picture's verdict: screens again the version of the picture's owner, if it waits for it. */
export async function rescreenAfterPush(db: Db, checker: ContentChecker, uploadId: string): Promise<void> {
  const { rows } = await db.query(`SELECT user_id FROM uploads WHERE id = $1 AND kind = 'influencer'`, [uploadId]);
  if (rows[0]) await screenInfluencerDraft(db, checker, rows[0].user_id);
}

// ---- the operator's review (scripts/influencers.ts) ----

export interface ReviewRow {
  id: number;
  email: string;
  displayName: string;
  status: string;
  review: string;
  reason: string | null;
  /** What the content check refused ('text' | 'image'), when it did. */
  refusedBy: string | null;
  likes: number;
  submittedAt: string;
}

/** Profiles for the operator: those waiting for review first, then the rest, oldest submission first. */
export async function profilesForReview(q: Queryable): Promise<ReviewRow[]> {
  const { rows } = await q.query(
    `SELECT p.*, u.email FROM influencer_profiles p JOIN users u ON u.id = p.user_id
     ORDER BY (p.review = 'PENDING') DESC, p.submitted_at, p.id`);
  return rows.map((r: any) => ({
    id: r.id, email: r.email, displayName: r.draft.displayName, status: r.status, review: r.review, reason: r.reason, refusedBy: r.refused_by ?? null,
    likes: r.like_count, submittedAt: iso(r.submitted_at),
  }));
}

/** What the operator reviews: the draft (the published version when nothing waits), and the stored pictures it names. */
export async function profileForReview(q: Queryable, id: number): Promise<{ version: InfluencerProfileInput; images: { name: string; id: string; mime: string }[] }> {
  const { rows } = await q.query('SELECT user_id, review, draft, published FROM influencer_profiles WHERE id = $1', [id]);
  if (!rows[0]) throw notFound(`No influencer profile ${id}`);
  const version: InfluencerProfileInput = rows[0].review === 'NONE' && rows[0].published ? rows[0].published : rows[0].draft;
  const names = [...new Set(imagesOf(version))];
  const found = await q.query(`SELECT id, mime FROM uploads WHERE user_id = $1 AND kind = 'influencer' AND id = ANY($2::text[])`, [rows[0].user_id, names.map(imageId)]);
  return { version, images: found.rows.map((r: any) => ({ name: `user/${r.id}`, id: r.id, mime: r.mime })) };
}

/**
 * Approves the draft waiting for review (it becomes the published version) or lifts a suspension (the published version
 * shows again). 404 unknown; 409 when there is nothing to approve.
 */
export async function approveInfluencer(q: Queryable, id: number): Promise<void> {
  const { rows } = await q.query('SELECT status, review, published FROM influencer_profiles WHERE id = $1 FOR UPDATE', [id]);
  if (!rows[0]) throw notFound(`No influencer profile ${id}`);
  const { status, review, published } = rows[0];
  // A version still CHECKING may be decided by the operator too (a person's review; WeChat's push may never come when
  // the push URL is wrong): a verdict arriving later changes nothing (screenInfluencerDraft acts on CHECKING only).
  if (review !== 'PENDING' && review !== 'CHECKING' && !(status === 'SUSPENDED' && published)) throw conflict(`Profile ${id} has nothing waiting for review`);
  await q.query(
    `UPDATE influencer_profiles SET status = 'APPROVED', reason = NULL,
       published = CASE WHEN review IN ('PENDING', 'CHECKING') THEN draft ELSE published END,
       published_at = COALESCE(published_at, now()), review = 'NONE'
     WHERE id = $1`, [id]);
}

/** Refuses the draft waiting for review with the reviewer's reason; an application never approved becomes REJECTED. */
export async function rejectInfluencer(q: Queryable, id: number, reason: string): Promise<void> {
  const why = reason.trim();
  if (!why) throw badRequest('A reason is required');
  const { rows } = await q.query('SELECT review FROM influencer_profiles WHERE id = $1 FOR UPDATE', [id]);
  if (!rows[0]) throw notFound(`No influencer profile ${id}`);
  if (rows[0].review !== 'PENDING' && rows[0].review !== 'CHECKING') throw conflict(`Profile ${id} has nothing waiting for review`);
  await q.query(
    `UPDATE influencer_profiles SET review = 'REJECTED', reason = $2,
       status = CASE WHEN status = 'PENDING' THEN 'REJECTED' ELSE status END
     WHERE id = $1`, [id, why.slice(0, 500)]);
}

/** Suspends a profile: it leaves the public list and detail at once. */
export async function suspendInfluencer(q: Queryable, id: number, reason = ''): Promise<void> {
  const { rowCount } = await q.query(
    `UPDATE influencer_profiles SET status = 'SUSPENDED', reason = NULLIF($2, '') WHERE id = $1`, [id, reason.trim().slice(0, 500)]);
  if (!rowCount) throw notFound(`No influencer profile ${id}`);
}
