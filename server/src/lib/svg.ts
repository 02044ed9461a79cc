/**
 * The demo store's generated images, drawn on request from their names: influencers' portraits (avatar-…) and covers
 * (cover-…), products and categories as flat drawings of
 * their kind of product (illustrations.ts), each product on its own backdrop pattern and with no words drawn (n-12), home banners and live-stream covers with a drawing of their subject, and
 * the store's logo (the same mark and colours in header and footer).
 */
import { storeInfo } from '../seed/store.ts';
import { drawKind, hash, kindOf } from './illustrations.ts';

const NAME_RE = /^[a-z0-9][a-z0-9-]{0,80}\.svg$/;

export function isImageName(name: string): boolean {
  return NAME_RE.test(name);
}

/** The brand's colours: maple red and jade green, the header logo's and the footer logo's alike. */
const MAPLE = '#c0392b';
const JADE = '#2e7d5b';
/** The demo store's footer colour (seed css varFooter), for the footer logo's words. */
const FOOTER_WORDS = '#1f2a30';

/**
 * A product's picture in one of its colours (issue 42 n-2: the option's picture): `…-in-<colour>.svg` is the product
 * drawn in that colour, on its own backdrop; a light colour on a deeper backdrop, so a white T-shirt shows.
 */
export const OPTION_COLOURS: Record<string, { fill: string; light: boolean }> = {
  black: { fill: '#2b2b2b', light: false }, white: { fill: '#f7f6f2', light: true }, red: { fill: '#c0392b', light: false },
  blue: { fill: '#2f5f9e', light: false }, green: { fill: '#2e7d5b', light: false }, grey: { fill: '#8a8d91', light: false },
  navy: { fill: '#1f2f4f', light: false }, yellow: { fill: '#f2c230', light: true },
};

export function renderSvg(name: string): string {
  const base = name.replace(/\.svg$/, '');
  // A product's second image (…-2.svg) is the same product in another light.
  const second = /-2$/.test(base);
  const colourWord = /-in-([a-z]+)$/.exec(base.replace(/-2$/, ''))?.[1];
  const colour = colourWord ? OPTION_COLOURS[colourWord] : undefined;
  // The product's own name without the colour: the same backdrop, tilt and kind in every colour.
  const subject = base.replace(/-2$/, '').replace(colour ? /-in-[a-z]+$/ : /$^/, '');
  const hue = hash(subject) % 360;
  const accent = colour?.fill ?? `hsl(${hue},55%,48%)`;
  const kind = kindOf(subject);
  // The store's own marks by their exact seeded names: a product may have "logo" in its name (Logo T-Shirt).
  if (name === storeInfo.logo.imageURL) return logo('header');
  if (name === storeInfo.footerLogo.imageURL) return logo('footer');
  if (name === storeInfo.favicon.imageURL) return svg(400, 400, mark(200, 200, 180));
  // People (the demo influencers): a drawn portrait, and a wide cover of what they share.
  if (base.startsWith('avatar-')) return svg(400, 400, portrait(hash(subject), hue));
  if (base.startsWith('cover-')) {
    // The profile shows its cover at 5:2 (ratio 0.4), the subject drawn on the right.
    const [w, h] = [1000, 400];
    return svg(w, h, gradient(hue, w, h) + backdrop(hash(subject) >>> 9, w, h) +
      `<circle cx="${w * 0.8}" cy="${h * 0.5}" r="${h * 0.46}" fill="#fff" fill-opacity="0.22"/>` +
      (kind ? `<g transform="translate(${w * 0.8 - 160} ${h * 0.5 - 160}) scale(0.8)">${drawKind(kind, accent, '', subject)}</g>` : ''));
  }
  if (base.startsWith('banner')) {
    // The storefront lays the slide's title over the left of the image: the drawing sits on the right, in the
    // home banner's shape (20:9).
    const [w, h] = [1200, 540];
    return svg(w, h, gradient(hue, w, h) +
      `<circle cx="${w * 0.78}" cy="${h * 0.5}" r="${h * 0.42}" fill="#fff" fill-opacity="0.18"/>` +
      (kind ? `<g transform="translate(${w * 0.78 - 180} ${h * 0.5 - 190}) scale(0.9)">${drawKind(kind, accent, '', subject)}</g>` : ''));
  }
  if (base.startsWith('live-') || base.startsWith('blog-')) {
    // 16:9 covers (live streams, blog posts): the subject drawn in the middle, no words (issue 42 n-12: English titles
    // in the Chinese UI; the page names the stream or post beside it in the shopper's language). Only a cover of no
    // known subject keeps its title.
    if (kind) {
      return svg(800, 450, gradient(hue, 800, 450) + `<circle cx="400" cy="225" r="190" fill="#fff" fill-opacity="0.18"/>` +
        `<g transform="translate(216 41) scale(0.92)">${drawKind(kind, accent, '', subject)}</g>`);
    }
    const words = base.split('-').slice(1);
    const lines = wrap(words.map((x) => x[0].toUpperCase() + x.slice(1)), 16);
    return svg(800, 450, gradient(hue, 800, 450) +
      lines.map((line, i) => `<text x="420" y="${190 + i * 56 - (lines.length - 1) * 28}" font-family="Helvetica,Arial,sans-serif" ` +
        `font-size="44" font-weight="700" fill="#fff">${escape(line)}</text>`).join(''));
  }
  const background = colour?.light ? `hsl(${hue},25%,72%)` : second ? `hsl(${hue},45%,86%)` : `hsl(${hue},60%,93%)`;
  if (!kind) {
    return svg(400, 400, `<rect width="400" height="400" fill="${background}"/>` +
      `<text x="50%" y="54%" dominant-baseline="middle" text-anchor="middle" font-family="Helvetica,Arial,sans-serif" font-size="160" ` +
      `font-weight="700" fill="${accent}">${escape(initials(subject))}</text>`);
  }
  // One product, one picture: its kind's shape and motif for its name (variantOf) and a backdrop pattern from its own
  // hash, so two products of a kind differ by more than a hue. No words (issue 42 n-12): the English short name drawn
  // on the pack or a hang tag was English in the Chinese UI too; the card, the page and the cart name the product
  // beside its picture in the shopper's language. Without the name, two products of a kind drawn alike (two 4-packs of
  // buns) still differ by the backdrop and a tilt of their own (seven angles, from the name's hash).
  const tilt = (((hash(subject) >>> 3) % 7) - 3) * 4;
  return svg(400, 400, `<rect width="400" height="400" fill="${background}"/>${backdrop(hash(subject) >>> 9)}` +
    `<g transform="${second ? 'translate(-40 -40) scale(1.2) ' : ''}rotate(${tilt} 200 200)">${drawKind(kind, accent, '', subject)}</g>`);
}

/** A faint backdrop pattern, one of four by `seed`: plain, dots, stripes or a check. */
function backdrop(seed: number, w = 400, h = 400): string {
  const cell = [
    '',
    '<circle cx="12" cy="12" r="4"/>',
    '<path d="M0 24L24 0" stroke="#fff" stroke-width="6"/>',
    '<rect width="12" height="12"/><rect x="12" y="12" width="12" height="12"/>',
  ][seed % 4];
  return cell ? `<defs><pattern id="b" width="24" height="24" patternUnits="userSpaceOnUse"><g fill="#fff">${cell}</g></pattern></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#b)" fill-opacity="0.5"/>` : '';
}

const INK_DARK = '#3b2f2a';
const SKIN = ['#f3d2b3', '#e0ac82', '#c68a5c', '#8d5a3b'];
const HAIR = ['#2b1d16', '#5a3825', '#a0522d', '#1c1c1c', '#7b6a58'];

/**
 * A drawn head-and-shoulders portrait on a tile of the person's hue; skin, hair colour, hair style (short, long,
 * bun), top colour and glasses come from `seed`, so each person looks their own.
 */
function portrait(seed: number, hue: number): string {
  const skin = SKIN[seed % SKIN.length];
  const hair = HAIR[(seed >>> 3) % HAIR.length];
  const style = (seed >>> 6) % 3;
  const top = `hsl(${(hue + 150) % 360},45%,42%)`;
  const glasses = ((seed >>> 9) & 1) === 1;
  const back = style === 1 ? `<path d="M118 190c0-80 40-120 82-120s82 40 82 120v110H118z" fill="${hair}"/>` : '';
  const front = [
    `<path d="M128 172c0-56 32-86 72-86s72 30 72 86c-20-30-52-44-90-40-24 4-40 18-54 40z" fill="${hair}"/>`,
    `<path d="M126 178c0-60 34-92 74-92s74 32 74 92c-14-34-50-50-74-50s-60 16-74 50z" fill="${hair}"/>`,
    `<circle cx="200" cy="70" r="30" fill="${hair}"/><path d="M130 170c0-54 30-82 70-82s70 28 70 82c-18-26-46-38-70-38s-52 12-70 38z" fill="${hair}"/>`,
  ][style];
  const specs = glasses
    ? `<g fill="none" stroke="${INK_DARK}" stroke-width="5"><circle cx="176" cy="186" r="17"/><circle cx="224" cy="186" r="17"/><path d="M193 186h14"/></g>`
    : '';
  return `<rect width="400" height="400" fill="hsl(${hue},55%,88%)"/>` + back +
    `<path d="M80 400c0-80 54-124 120-124s120 44 120 124z" fill="${top}"/>` +
    `<rect x="180" y="236" width="40" height="48" rx="14" fill="${skin}"/>` +
    `<ellipse cx="200" cy="182" rx="68" ry="78" fill="${skin}"/>` + front +
    `<circle cx="176" cy="188" r="6" fill="${INK_DARK}"/><circle cx="224" cy="188" r="6" fill="${INK_DARK}"/>` + specs +
    `<path d="M180 222q20 16 40 0" fill="none" stroke="${INK_DARK}" stroke-width="5" stroke-linecap="round"/>` +
    `<circle cx="158" cy="214" r="10" fill="#e8867a" fill-opacity="0.35"/><circle cx="242" cy="214" r="10" fill="#e8867a" fill-opacity="0.35"/>`;
}

/**
 * The header logo (dark words, for the white header) or the footer's (the store's footer colour, varFooter, on the
 * footer's light grey: white words there were all but invisible, issue 29), same mark.
 */
function logo(where: 'header' | 'footer'): string {
  const words = where === 'header' ? '#222222' : FOOTER_WORDS;
  return svg(960, 240, mark(120, 120, 104) +
    `<text x="250" y="118" font-family="Georgia,'Times New Roman',serif" font-size="92" font-weight="700" fill="${words}">Maple &amp; Jade</text>` +
    `<text x="254" y="190" font-family="Helvetica,Arial,sans-serif" font-size="44" letter-spacing="16" fill="${MAPLE}">MARKET</text>`);
}

/** The brand mark: a maple-red leaf and a jade-green leaf in a ring, centred on (cx, cy), r in radius. */
function mark(cx: number, cy: number, r: number): string {
  const s = r / 100;
  return `<g transform="translate(${cx} ${cy}) scale(${s})">` +
    `<circle r="96" fill="#fff" stroke="${JADE}" stroke-width="8"/>` +
    `<path d="M-8 58C-70 40-74-26-30-70c6 30 20 44 22 60z" fill="${MAPLE}"/>` +
    `<path d="M8 58C70 40 74-26 30-70c-6 30-20 44-22 60z" fill="${JADE}"/>` +
    `<path d="M0 74V-6" stroke="#3b2f2a" stroke-width="8" stroke-linecap="round"/></g>`;
}

function gradient(hue: number, w: number, h: number): string {
  return `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},55%,60%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},50%,40%)"/>` +
    `</linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>`;
}

function svg(w: number, h: number, content: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${content}</svg>`;
}

function initials(base: string): string {
  return base.split('-').filter((x) => !/^\d/.test(x)).slice(0, 2).map((x) => x[0].toUpperCase()).join('');
}

/** Words into lines of at most `max` characters (a word longer than that gets a line of its own). */
function wrap(words: string[], max: number): string[] {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
