/**
 * Who the store's mail is from: MAIL_FROM when the environment sets it (it overrides the shop file), else the shop file's
 * `mail.from` (the `mail` setting, read at each send, so an apply reaches running servers), else a placeholder.
 */
import type { Queryable } from '../db/index.ts';
import { getSetting } from '../services/settings.ts';

export const DEFAULT_MAIL_FROM = 'iStore <no-reply@istore.test>';

export interface MailSender {
  from: string;
  /** Where it came from, for the start's log line. */
  source: 'MAIL_FROM' | 'the shop file' | 'the default';
}

export async function mailSender(q: Queryable, envFrom: string | undefined): Promise<MailSender> {
  if (envFrom) return { from: envFrom, source: 'MAIL_FROM' };
  const mail = await getSetting<{ from?: string } | null>(q, 'mail');
  const from = mail?.from?.trim();
  return from ? { from, source: 'the shop file' } : { from: DEFAULT_MAIL_FROM, source: 'the default' };
}

/** The start's words for it: `"Shop <orders@…>" (the shop file)`, naming a file's sender MAIL_FROM overrides. */
export async function describeMailSender(q: Queryable, envFrom: string | undefined): Promise<string> {
  const s = await mailSender(q, envFrom);
  const file = envFrom ? (await getSetting<{ from?: string } | null>(q, 'mail'))?.from?.trim() : undefined;
  return `${s.from} (${s.source}${file && file !== envFrom ? `, over the shop file's ${file}` : ''})`;
}
