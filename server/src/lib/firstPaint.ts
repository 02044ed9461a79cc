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
import { FIRST_PAINT_ID } from '../../../src/platform/firstPaint.h5.ts';
import shellModule from '../../../src/i18n/messages/shell.ts';

type Texts = Record<'en' | 'zh', Record<string, string>>;
/** The app's own shell texts (a CommonJS module of the client's, so its default export arrives wrapped). */
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
}

/**
 * The app's own classes (Header.scss, SandboxMark.scss) size the header and the sandbox mark exactly as the app will:
 * the app's stylesheet and its rem script are in the head, so they apply before the first paint. The hero image takes
 * the full width at the ratio the page shows it at, eager and with high priority.
 */
const STYLE =
  `#${FIRST_PAINT_ID}{position:fixed;top:0;left:0;right:0;bottom:0;z-index:2000;background:#fff;overflow:hidden;pointer-events:none;` +
  `animation:first-paint-out 0s 8s forwards}@keyframes first-paint-out{to{visibility:hidden}}` +
  `#${FIRST_PAINT_ID} .header__bar{display:flex;align-items:center;justify-content:center}` +
  `#${FIRST_PAINT_ID} .first-paint__hero{display:block;width:100%;object-fit:cover;background:#f2f2f2}`;

export function firstPaintHtml(input: FirstPaintInput): { style: string; body: string } {
  const messages = SHELL_TEXTS[input.locale];
  // The store's name in the shopper's language, as the header shows it (src/hooks/useShellAccount.ts useStoreName).
  const name = (input.storeNameContent?.[input.locale]?.trim() || input.storeName || '').trim() || messages['header.storeFallback'];
  const brand = input.logoHref
    ? `<img class="header__logo header__logo--style1" src="${escapeHtml(input.logoHref)}" alt="${escapeHtml(name)}">`
    : `<span class="header__store-name">${escapeHtml(name)}</span>`;
  const parts = [
    `<div class="header header--full"><div class="header__bar"><div class="header__brand">${brand}</div></div></div>`,
    input.sandbox ? `<div class="sandbox-mark">${escapeHtml(messages['common.sandbox'])}</div>` : '',
    input.imageHref ? `<img class="first-paint__hero" src="${escapeHtml(input.imageHref)}" alt="" fetchpriority="high" style="aspect-ratio:${(input.imageRatio ?? 2).toFixed(4)}">` : '',
  ];
  return { style: `<style>${STYLE}</style>`, body: `<div id="${FIRST_PAINT_ID}" aria-hidden="true">${parts.join('')}</div>` };
}
