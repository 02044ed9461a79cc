/** The shopper's language from an Accept-Language header, among the store's (en, zh); null when it names neither. */
import type { Locale } from '../../../contract/constants.ts';

export function localeFromAcceptLanguage(header: string | string[] | undefined): Locale | null {
  const text = (Array.isArray(header) ? header.join(',') : (header ?? '')).slice(0, 500);
  let best: { locale: Locale; q: number; at: number } | null = null;
  text.split(',').forEach((part, at) => {
    const [tag, ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) return;
    const primary = tag.trim().toLowerCase().split('-')[0];
    const locale: Locale | null = primary === 'zh' ? 'zh' : primary === 'en' ? 'en' : null;
    if (locale && (!best || q > best.q)) best = { locale, q, at };
  });
  return (best as { locale: Locale } | null)?.locale ?? null;
}
