/**
 * The first screen as HTML (issue 16 item 1, walkthrough 1.10): what the browser paints before any script has run.
 * The app's page is an empty `#app` until Taro's runtime and React's first render are done (about 1.5 s on a slow
 * phone); this app shell paints at once: the header bar with the store's logo (or name), the sandbox mark when the
 * server runs its sandbox, and on home, the product list and the product page the first screen's largest image.
 *
 * It is an overlay (fixed, above the app, no pointer events): the app renders under it, and removes it once its first
 * page is in the DOM (src/platform/firstPaint.h5.ts). Removing an overlay moves nothing, so the swap has no layout
 * shift; a CSS animation hides it after a while should the app never start (no inline script, so the CSP keeps no
 * hash for it). Every text is escaped; the shell carries only what the page already carries (app info, public images).
 */
import { FIRST_PAINT_ID } from '../../../shared/firstPaint.ts';
import shellModule from '../../../shared/i18n/shell.ts';

type Texts = Record<'en' | 'zh', Record<string, string>>;
/** The app's shell texts (shared/ is CommonJS under the root package, so its default export arrives wrapped). */
const SHELL_TEXTS = ((shellModule as unknown as { default?: Texts }).default ?? shellModule) as Texts;


/** Text for an element's content or a double-quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

export interface FirstPaintInput {
  locale: 'en' | 'zh';
  storeName?: string;
  storeNameContent?: Record<string, string> | null;
  logoHref?: string;
  sandbox?: boolean;
  /** The first screen's largest image (already a full URL), if the page has one. */
  imageHref?: string;
  /** Its width over its height as the page shows it (home's banner 1/0.45, a product's picture 1). */
  imageRatio?: number;
  /** The height the page caps it at, in the app's rem (the campaign's cover). */
  imageMaxHeightRem?: number;
  /**
   * The page's title and text under the image, in the shopper's language, at the page's sizes (the campaign's name and
   * description, CampaignPage.scss): its largest text paints here too.
   */
  text?: { title: string; body: string };
}

/**
 * Its own rules, in the app's rem (Taro's rem script in the head sizes the root font before the first paint): the app's
 * header and sandbox mark rules (Header.scss, SandboxMark.scss) come with the page's chunk, after the first paint, so
 * the shell repeats their sizes here under its own class names (the app's rules arriving later must not move it). The
 * logo has a fixed box, so nothing in the shell moves when it loads. The hero image takes the full width at the ratio
 * the page shows it at, eager and with high priority.
 */
const STYLE =
  `#${FIRST_PAINT_ID}{position:fixed;top:0;left:0;right:0;bottom:0;z-index:2000;background:#fff;color:#1f1f1f;overflow:hidden;pointer-events:none;` +
  `font-family:-apple-system,"PingFang SC","Helvetica Neue",Arial,sans-serif;animation:first-paint-out 0s 8s forwards}` +
  `@keyframes first-paint-out{to{visibility:hidden}}` +
  `.fp-header{display:flex;align-items:center;min-height:2.8rem;padding:0 .4rem 0 2.6rem;border-bottom:.05rem solid #e5e5e5}` +
  `.fp-logo{display:block;width:8rem;height:2rem;object-fit:contain;object-position:left center}` +
  `.fp-name{font-size:.9rem;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}` +
  `.fp-sandbox{padding:.3rem .6rem;background:#ffd600;color:#222;font-size:.65rem;font-weight:700;line-height:1.4;text-align:center}` +
  `.fp-hero{display:block;width:100%;object-fit:cover;background:#eee}` +
  `.fp-text{max-width:24rem;margin:0 auto;padding:0 .6rem}` +
  `.fp-title{display:block;font-size:1rem;font-weight:700;margin:.5rem 0 .2rem}` +
  `.fp-body{display:block;font-size:.7rem;color:#444;margin:.3rem 0;line-height:1.5}` +
  `@media (max-width:576px){.fp-header{padding-left:2.3rem}.fp-logo{width:6rem;height:1.6rem}}`;

export function firstPaintHtml(input: FirstPaintInput): { style: string; body: string } {
  const messages = SHELL_TEXTS[input.locale];
  // The store's name in the shopper's language, as the header shows it (src/hooks/useShellAccount.ts useStoreName).
  const name = (input.storeNameContent?.[input.locale]?.trim() || input.storeName || '').trim() || messages['header.storeFallback'];
  const brand = input.logoHref
    ? `<img class="fp-logo" src="${escapeHtml(input.logoHref)}" alt="${escapeHtml(name)}">`
    : `<span class="fp-name">${escapeHtml(name)}</span>`;
  const parts = [
    `<div class="fp-header">${brand}</div>`,
    input.sandbox ? `<div class="fp-sandbox">${escapeHtml(messages['common.sandbox'])}</div>` : '',
    input.imageHref ? `<img class="fp-hero" src="${escapeHtml(input.imageHref)}" alt="" fetchpriority="high" style="aspect-ratio:${(input.imageRatio ?? 2).toFixed(4)}${input.imageMaxHeightRem ? `;max-height:${input.imageMaxHeightRem}rem` : ''}">` : '',
    input.text ? `<div class="fp-text"><span class="fp-title">${escapeHtml(input.text.title)}</span><span class="fp-body">${escapeHtml(input.text.body)}</span></div>` : '',
  ];
  return { style: `<style>${STYLE}</style>`, body: `<div id="${FIRST_PAINT_ID}" aria-hidden="true">${parts.join('')}</div>` };
}
