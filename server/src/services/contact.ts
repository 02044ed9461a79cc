/** The contact form's messages: rules, anti-spam (honeypot, rate limits), the acknowledgement mail, the operator's list. */
import type { Db, Queryable } from '../db/index.ts';
import { ApiError, badRequest } from '../lib/errors.ts';
import type { Session } from '../lib/session.ts';
import type { ContactForm } from '../../../contract/content.ts';
import { queueContactAck } from '../mail/mails.ts';
import { takeAttempts, type LimitRule } from '../identity/rateLimit.ts';
import { EMAIL_RE, PHONE_RE } from './validate.ts';

/** A person writes a few messages at most; more from one address, or a flood from everywhere, is a script. */
export const CONTACT_LIMITS = {
  perAddress: { max: 5, minutes: 10 },
  overall: { max: 200, minutes: 60 },
};

/**
 * Acknowledgements one address receives: one a day, however many messages name it (probe L3: the form must not be a
 * way to send the store's mail to any address at will). Further messages are kept all the same.
 */
export const CONTACT_ACK_RULE: LimitRule = { max: 1, windowMs: 24 * 60 * 60_000 };

function checkForm(f: ContactForm): string[] {
  const errors: string[] = [];
  const email = f.email?.trim() ?? '';
  const phone = f.phone?.trim() ?? '';
  if (!f.name.trim()) errors.push('Name is required');
  if (!email && !phone) errors.push('Give an e-mail address or a phone number');
  if (email && !EMAIL_RE.test(email)) errors.push('E-mail address is not valid');
  if (phone && !PHONE_RE.test(phone)) errors.push('Phone number is not valid');
  if (!f.message.trim()) errors.push('Message is empty');
  return errors;
}

/**
 * Keeps a message for the operator and queues its acknowledgement (when there is an e-mail to answer); answers its id.
 * A honeypot hit is checked and limited like any message and answered with a fresh id, but nothing is kept or sent.
 */
export async function submitContactForm(db: Db, s: Session | null, ip: string, f: ContactForm): Promise<string> {
  const errors = checkForm(f);
  if (errors.length) throw badRequest(errors);
  return db.tx(async (q) => {
    // Counting and inserting under one lock keeps concurrent messages from slipping past the limits on PostgreSQL.
    if (db.kind === 'postgres') await q.query('SELECT pg_advisory_xact_lock(7311085)');
    const { rows: [n] } = await q.query(
      `SELECT count(*) FILTER (WHERE ip = $1 AND created_at > now() - make_interval(mins => $2))::int AS mine, count(*)::int AS overall
         FROM form_submissions WHERE created_at > now() - make_interval(mins => $3)`,
      [ip, CONTACT_LIMITS.perAddress.minutes, CONTACT_LIMITS.overall.minutes],
    );
    if (n.mine >= CONTACT_LIMITS.perAddress.max || n.overall >= CONTACT_LIMITS.overall.max) {
      throw new ApiError(429, 'Too many messages right now; please try again later');
    }
    if (f.website?.trim()) {
      return String((await q.query(`SELECT nextval(pg_get_serial_sequence('form_submissions', 'id')) AS id`)).rows[0].id);
    }
    const form = {
      formName: f.formName?.trim() || 'contact', name: f.name.trim(), email: f.email?.trim() ?? '', phone: f.phone?.trim() ?? '',
      subject: f.subject?.trim() ?? '', message: f.message.trim(),
    };
    const { rows } = await q.query(
      'INSERT INTO form_submissions (session_id, user_id, form, ip, locale) VALUES ($1,$2,$3::jsonb,$4,$5) RETURNING id',
      [s?.id ?? null, s?.userId ?? null, JSON.stringify(form), ip, s?.locale ?? 'en'],
    );
    if (form.email && !(await takeAttempts(q, [[`contact-ack:${form.email.toLowerCase()}`, CONTACT_ACK_RULE]]))) {
      await queueContactAck(q, { email: form.email, locale: s?.locale });
    }
    return String(rows[0].id);
  });
}

export interface ContactMessage {
  id: number;
  createdAt: string;
  ip: string | null;
  locale: string | null;
  form: { name: string; email?: string; phone?: string; subject?: string; message: string };
}

/** The newest messages first (operator CLI). */
export async function listContactMessages(q: Queryable, limit: number): Promise<ContactMessage[]> {
  const { rows } = await q.query(
    'SELECT id, created_at, ip, locale, form FROM form_submissions ORDER BY id DESC LIMIT $1', [limit]);
  return rows.map((r: any) => ({ id: r.id, createdAt: new Date(r.created_at).toISOString(), ip: r.ip, locale: r.locale, form: r.form }));
}
