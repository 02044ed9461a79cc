/**
 * Flat drawings of the demo catalogue's kinds of product (coffee bag, tea tin, croissant, T-shirt, mug...), so the demo
 * store looks like a shop rather than a wall of initials. Each drawing fills a 400×400 frame and takes one accent colour
 * (the product's own hue) besides a few fixed ones; a pack (bag, tin, bottle...) prints the product's short name. The kind comes from the words of the image name (the seed names a
 * product's images after the product), first match wins.
 */

export type Kind =
  | 'coffeeBag' | 'bottle' | 'cup' | 'teaTin' | 'teapot' | 'kettle' | 'croissant' | 'loaf' | 'tart' | 'bun' | 'roll'
  | 'mooncake' | 'snackBag' | 'cookies' | 'candy' | 'tshirt' | 'hoodie' | 'jacket' | 'apron' | 'beanie' | 'cap'
  | 'socks' | 'scarf' | 'tote' | 'mug' | 'frenchPress' | 'steamer' | 'grinder' | 'chopsticks' | 'candle' | 'giftBox'
  | 'card' | 'leaf' | 'bean' | 'tag';

/** Words of an image name → kind. Specific words come before general ones ('cold brew' before 'coffee'). */
export const KIND_WORDS: [Kind, string[]][] = [
  ['giftBox', ['gift-box', 'gift-set', 'sampler', 'gift-wrapping', 'gifts', 'add-ons']],
  ['mooncake', ['mooncake']],
  ['card', ['card']],
  ['bottle', ['cold-brew', 'syrup', 'oat-milk', 'concentrate']],
  ['cup', ['espresso-shot', 'instant', 'latte', 'pour-over-at-home']],
  ['kettle', ['kettle']],
  ['teapot', ['teapot', 'gaiwan', 'tea-set', 'longjing-spring']],
  ['frenchPress', ['french-press']],
  ['grinder', ['grinder']],
  ['mug', ['mug', 'tumbler', 'kitchen']],
  ['steamer', ['steamer']],
  ['chopsticks', ['chopsticks']],
  ['candle', ['candle']],
  ['croissant', ['croissant', 'bakery']],
  ['tart', ['tart']],
  ['bun', ['bun']],
  ['roll', ['swiss-roll']],
  ['loaf', ['loaf', 'bread', 'sourdough']],
  ['cookies', ['cookie']],
  ['candy', ['candy']],
  ['snackBag', ['peanut', 'crisps', 'chips', 'mango', 'jerky', 'cracker', 'trail-mix', 'snacks']],
  ['hoodie', ['hoodie']],
  ['jacket', ['jacket']],
  ['apron', ['apron']],
  ['beanie', ['beanie', 'knits']],
  ['cap', ['cap']],
  ['socks', ['socks']],
  ['scarf', ['scarf']],
  ['tote', ['tote', 'reusable-bag']],
  ['tshirt', ['t-shirt', 'shirt', 'apparel']],
  ['teaTin', ['tea', 'longjing', 'oolong', 'tieguanyin', 'jasmine', 'pu-erh', 'matcha', 'chrysanthemum', 'earl-grey', 'breakfast']],
  ['coffeeBag', ['coffee', 'beans', 'espresso', 'roast', 'decaf', 'yirgacheffe', 'colombia', 'guatemala', 'supremo', 'autumn']],
  ['tag', ['clearance', 'sale', 'shop-all']],
];

/** The kind of an image name without its '.svg' ('house-blend-coffee-beans-340g' → coffeeBag), or null. */
export function kindOf(base: string): Kind | null {
  const name = `-${base}-`;
  for (const [kind, words] of KIND_WORDS) {
    if (words.some((w) => name.includes(`-${w}`))) return kind;
  }
  return null;
}

const INK = '#3b2f2a';
const CREAM = '#fff8ec';
const KRAFT = '#c89b6d';
const PASTRY = '#e0a54a';
const CRUST = '#b8742e';

const shadow = (cy = 352, rx = 130) => `<ellipse cx="200" cy="${cy}" rx="${rx}" ry="14" fill="#000" fill-opacity="0.12"/>`;
const steam = (x: number, y: number) =>
  [0, 28, 56].map((d) => `<path d="M${x + d} ${y}c-12-14 12-24 0-40" stroke="#fff" stroke-opacity="0.85" stroke-width="8" fill="none" stroke-linecap="round"/>`).join('');

/**
 * A product's short name for its label: the first two words of the image name that are not sizes or counts
 * ('ethiopia-yirgacheffe-250g' → 'Ethiopia Yirgacheffe'); a one-letter word joins the next ('logo-t-shirt' → 'Logo T-Shirt').
 */
export function shortName(base: string): string {
  const words: string[] = [];
  let joiner = '';
  for (const word of base.split('-')) {
    if (/\d/.test(word) || word === 'pack' || word === 'bags' || word === 'of') continue;
    const cap = word[0].toUpperCase() + word.slice(1);
    if (joiner) words[words.length - 1] += `-${cap}`;
    else if (words.length < 2) words.push(cap);
    else break;
    joiner = word.length === 1 ? cap : '';
  }
  return words.join(' ');
}

/** Kinds that are packs: their label is printed on the pack; the others wear a hang tag (svg.ts). */
export const PACK_LABEL: Partial<Record<Kind, { x: number; y: number; w: number; ink: boolean }>> = {
  coffeeBag: { x: 200, y: 180, w: 150, ink: true }, bottle: { x: 200, y: 306, w: 106, ink: true },
  teaTin: { x: 200, y: 324, w: 150, ink: false }, snackBag: { x: 200, y: 316, w: 160, ink: false },
  giftBox: { x: 137, y: 270, w: 84, ink: false }, candle: { x: 200, y: 324, w: 130, ink: true },
  mug: { x: 185, y: 300, w: 140, ink: false },
};

/**
 * `text` centred on (x, y), sized to fit `w` wide (a glyph is about 0.58em of a sans-serif); a name too long to read
 * on one line ('Ethiopia Yirgacheffe') takes one line a word, the last line on y.
 */
export function labelText(text: string, x: number, y: number, w: number, fill: string): string {
  const fit = (chars: number) => Math.max(12, Math.min(26, Math.floor(w / (chars * 0.58))));
  const words = text.split(' ');
  const lines = fit(text.length) < 18 && words.length > 1 ? words : [text];
  const size = fit(Math.max(...lines.map((line) => line.length)));
  return `<text x="${x}" y="${y - (lines.length - 1) * size}" text-anchor="middle" font-family="Helvetica,Arial,sans-serif" ` +
    `font-size="${size}" font-weight="700" fill="${fill}">` +
    lines.map((line, i) => `<tspan x="${x}" dy="${i ? size : 0}">${line.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</tspan>`).join('') + `</text>`;
}

/** The drawing of a kind in `accent` (a CSS colour), in a 400×400 frame; a pack kind prints `label` on the pack. */
export function drawKind(kind: Kind, accent: string, label = ''): string {
  const spot = PACK_LABEL[kind];
  return drawShape(kind, accent) + (label && spot ? labelText(label, spot.x, spot.y, spot.w, spot.ink ? INK : CREAM) : '');
}

function drawShape(kind: Kind, accent: string): string {
  switch (kind) {
    case 'coffeeBag':
      return shadow() + `<path d="M120 110h160l20 242H100z" fill="${KRAFT}"/><path d="M120 110l-10-36h180l-10 36z" fill="#a97c50"/>` +
        `<rect x="138" y="196" width="124" height="94" rx="10" fill="${CREAM}"/>` +
        `<ellipse cx="200" cy="243" rx="22" ry="32" fill="${INK}"/><path d="M200 213c-10 20 10 40 0 60" stroke="${CREAM}" stroke-width="6" fill="none"/>` +
        `<rect x="138" y="300" width="124" height="14" rx="7" fill="${accent}"/>`;
    case 'bottle':
      return shadow() + `<rect x="176" y="60" width="48" height="40" rx="6" fill="${INK}"/><path d="M168 100h64v40l28 40v172H140V180l28-40z" fill="${accent}"/>` +
        `<rect x="145" y="210" width="110" height="110" rx="10" fill="${CREAM}"/><circle cx="200" cy="240" r="18" fill="${INK}" fill-opacity="0.8"/>`;
    case 'cup':
      return shadow(356, 150) + steam(160, 140) + `<ellipse cx="200" cy="330" rx="140" ry="26" fill="${CREAM}"/>` +
        `<path d="M110 180h180v60a90 90 0 0 1-180 0z" fill="${accent}"/><path d="M290 200h20a32 32 0 0 1 0 64h-28" stroke="${accent}" stroke-width="16" fill="none"/>` +
        `<ellipse cx="200" cy="180" rx="90" ry="16" fill="${INK}"/>`;
    case 'teaTin':
      return shadow() + `<rect x="120" y="110" width="160" height="240" rx="16" fill="${accent}"/><rect x="112" y="90" width="176" height="44" rx="12" fill="${INK}"/>` +
        `<circle cx="200" cy="238" r="54" fill="${CREAM}"/><path d="M170 262c0-44 30-70 62-70 0 40-24 70-62 70z" fill="#3f8f5a"/><path d="M170 262l40-44" stroke="${CREAM}" stroke-width="4"/>`;
    case 'teapot':
      return shadow(352, 150) + `<ellipse cx="200" cy="250" rx="120" ry="100" fill="${accent}"/><path d="M90 230c-50-10-60 40-70 60l40 10c10-20 20-40 40-40" fill="${accent}"/>` +
        `<path d="M310 210c50 0 50 80 10 90" stroke="${accent}" stroke-width="18" fill="none"/><ellipse cx="200" cy="156" rx="70" ry="18" fill="${INK}"/>` +
        `<circle cx="200" cy="132" r="16" fill="${INK}"/><path d="M140 260h120" stroke="${CREAM}" stroke-width="8" stroke-linecap="round"/>`;
    case 'kettle':
      return shadow() + `<path d="M130 170h140l20 180H110z" fill="${accent}"/><path d="M130 170c0-40 140-40 140 0" fill="${INK}"/>` +
        `<path d="M118 220C70 210 60 130 40 110" stroke="${accent}" stroke-width="14" fill="none" stroke-linecap="round"/>` +
        `<path d="M270 190c60 0 60 110 10 120" stroke="${INK}" stroke-width="16" fill="none"/>`;
    case 'croissant':
      return shadow(330) + `<path d="M60 270C80 170 320 170 340 270c-30 10-60-10-70-30-20 40-120 40-140 0-10 20-40 40-70 30z" fill="${PASTRY}"/>` +
        `<path d="M130 240c10-40 30-60 40-66M200 236V168M270 240c-10-40-30-60-40-66" stroke="${CRUST}" stroke-width="10" fill="none" stroke-linecap="round"/>`;
    case 'loaf':
      return shadow(340) + `<path d="M70 330V230c0-80 260-80 260 0v100z" fill="${CRUST}"/>` +
        `<path d="M130 200l30 40M190 190l30 40M250 200l30 40" stroke="#f3d4a0" stroke-width="12" stroke-linecap="round"/>`;
    case 'tart':
      return shadow(330, 150) + [120, 280].map((x) => `<ellipse cx="${x}" cy="270" rx="80" ry="40" fill="${PASTRY}"/><ellipse cx="${x}" cy="262" rx="60" ry="26" fill="#ffd24d"/>` +
        `<ellipse cx="${x - 10}" cy="258" rx="16" ry="8" fill="${CRUST}" fill-opacity="0.6"/>`).join('') +
        `<ellipse cx="200" cy="200" rx="80" ry="40" fill="${PASTRY}"/><ellipse cx="200" cy="192" rx="60" ry="26" fill="#ffd24d"/>`;
    case 'bun':
      return shadow(330, 150) + [[130, 260], [270, 260], [200, 200]].map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="84" ry="62" fill="${PASTRY}"/>` +
        `<ellipse cx="${x}" cy="${y - 18}" rx="54" ry="28" fill="#f7c873"/><circle cx="${x}" cy="${y - 20}" r="8" fill="${accent}"/>`).join('');
    case 'roll':
      return shadow(340) + `<rect x="90" y="170" width="220" height="150" rx="75" fill="#7fb069"/><circle cx="310" cy="245" r="75" fill="#f6efd9"/>` +
        `<path d="M310 245m-10 0a10 10 0 1 1 20 0a30 30 0 1 1-60 0a50 50 0 1 1 100 0" stroke="#7fb069" stroke-width="14" fill="none"/>`;
    case 'mooncake':
      return shadow(340, 150) + `<circle cx="200" cy="230" r="120" fill="${PASTRY}"/><circle cx="200" cy="230" r="92" fill="none" stroke="${CRUST}" stroke-width="10"/>` +
        `<path d="M200 170l16 40h42l-34 26 12 42-36-24-36 24 12-42-34-26h42z" fill="${CRUST}"/>`;
    case 'snackBag':
      return shadow() + `<path d="M110 90h180l-10 30 10 200-10 30H110l10-30-10-200 10-30z" fill="${accent}"/>` +
        `<path d="M110 90l10 14 10-14 10 14 10-14 10 14 10-14 10 14 10-14 10 14 10-14 10 14 10-14 10 14 10-14 10 14 10-14 10 14" fill="none" stroke="${CREAM}" stroke-width="4"/>` +
        `<circle cx="200" cy="220" r="60" fill="${CREAM}"/><circle cx="182" cy="210" r="16" fill="${PASTRY}"/><circle cx="216" cy="232" r="18" fill="${CRUST}"/>`;
    case 'cookies':
      return shadow(340, 150) + [[140, 260], [260, 250], [200, 190]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="66" fill="${PASTRY}"/>` +
        `<circle cx="${x - 20}" cy="${y - 14}" r="9" fill="${INK}"/><circle cx="${x + 18}" cy="${y + 10}" r="9" fill="${INK}"/><circle cx="${x + 4}" cy="${y - 26}" r="7" fill="${INK}"/>`).join('');
    case 'candy':
      return shadow(330) + `<rect x="130" y="190" width="140" height="80" rx="40" fill="${CREAM}" stroke="${accent}" stroke-width="10"/>` +
        `<path d="M130 230l-60-40v80zM270 230l60-40v80z" fill="${accent}"/><path d="M170 210v40M200 205v50M230 210v40" stroke="${accent}" stroke-width="8"/>`;
    case 'tshirt':
      return shadow() + `<path d="M150 80l-80 40-40 70 60 30 20-30v160h180V190l20 30 60-30-40-70-80-40c-10 30-90 30-100 0z" fill="${accent}"/>` +
        `<path d="M150 80c10 30 90 30 100 0" fill="none" stroke="${INK}" stroke-opacity="0.3" stroke-width="8"/>`;
    case 'hoodie':
      return shadow() + `<path d="M140 100l-70 40-40 180h56l14-120v150h200V200l14 120h56l-40-180-70-40z" fill="${accent}"/>` +
        `<path d="M140 100c0-60 120-60 120 0c-10 40-110 40-120 0z" fill="${accent}" stroke="${INK}" stroke-opacity="0.3" stroke-width="8"/>` +
        `<rect x="150" y="250" width="100" height="50" rx="10" fill="${INK}" fill-opacity="0.15"/><path d="M184 140v50M216 140v50" stroke="${CREAM}" stroke-width="6"/>`;
    case 'jacket':
      return shadow() + `<path d="M150 80l-80 40-40 200h56l14-130v160h200V190l14 130h56l-40-200-80-40-50 40z" fill="${accent}"/>` +
        `<path d="M200 120v240" stroke="${INK}" stroke-opacity="0.4" stroke-width="6"/><path d="M150 80l50 40 50-40" fill="none" stroke="${INK}" stroke-opacity="0.4" stroke-width="8"/>`;
    case 'apron':
      return shadow() + `<path d="M160 70h80v70l60 20v200H100V160l60-20z" fill="${accent}"/><path d="M160 70c-20-30 100-30 80 0" stroke="${INK}" stroke-width="8" fill="none"/>` +
        `<rect x="140" y="230" width="120" height="60" rx="8" fill="${INK}" fill-opacity="0.15"/><path d="M100 170l-60 10M300 170l60 10" stroke="${INK}" stroke-width="8"/>`;
    case 'beanie':
      return shadow(340) + `<path d="M90 280c0-150 220-150 220 0z" fill="${accent}"/><rect x="80" y="270" width="240" height="60" rx="14" fill="${accent}" stroke="${INK}" stroke-opacity="0.25" stroke-width="8"/>` +
        `<circle cx="200" cy="120" r="30" fill="${CREAM}"/>`;
    case 'cap':
      return shadow(330) + `<path d="M100 260c0-130 200-130 200 0z" fill="${accent}"/><path d="M280 250c50 0 90 10 100 30H250z" fill="${accent}" stroke="${INK}" stroke-opacity="0.3" stroke-width="6"/>` +
        `<circle cx="200" cy="142" r="10" fill="${INK}"/>`;
    case 'socks':
      return shadow() + [130, 230].map((x) => `<path d="M${x} 80h60v170c0 40-20 70-60 70h-30c-30 0-30-40 0-50l30-10z" fill="${accent}"/>` +
        `<rect x="${x}" y="80" width="60" height="30" fill="${CREAM}"/>`).join('');
    case 'scarf':
      return shadow() + `<path d="M110 110c60 40 120 40 180 0l10 40c-60 40-140 40-200 0z" fill="${accent}"/><path d="M230 150l30 190h-60l-10-180z" fill="${accent}"/>` +
        `<path d="M200 340v20M215 340v20M230 340v20M245 340v20" stroke="${accent}" stroke-width="6"/>`;
    case 'tote':
      return shadow() + `<path d="M150 150v-40a50 50 0 0 1 100 0v40" stroke="${INK}" stroke-width="12" fill="none"/><path d="M100 150h200l-14 200H114z" fill="#efe3c8"/>` +
        `<circle cx="200" cy="250" r="40" fill="${accent}"/>`;
    case 'mug':
      return shadow(352, 110) + `<rect x="110" y="140" width="150" height="200" rx="20" fill="${accent}"/>` +
        `<path d="M260 180h30a40 40 0 0 1 0 80h-30" stroke="${accent}" stroke-width="20" fill="none"/><ellipse cx="185" cy="146" rx="70" ry="12" fill="${INK}" fill-opacity="0.5"/>`;
    case 'frenchPress':
      return shadow(352, 110) + `<rect x="130" y="120" width="140" height="230" rx="10" fill="#d9ecf2" stroke="${INK}" stroke-width="10"/>` +
        `<rect x="140" y="200" width="120" height="140" fill="${INK}" fill-opacity="0.8"/><path d="M200 60v80M170 60h60" stroke="${INK}" stroke-width="12"/>` +
        `<path d="M270 160h30v140h-30" stroke="${accent}" stroke-width="16" fill="none"/>`;
    case 'steamer':
      return shadow(352, 150) + steam(160, 120) + `<path d="M70 190h260v130a20 20 0 0 1-20 20H90a20 20 0 0 1-20-20z" fill="#d8b26e"/>` +
        `<path d="M70 230h260M70 290h260" stroke="#a8834a" stroke-width="10"/><ellipse cx="200" cy="190" rx="130" ry="24" fill="#c89b5a"/>`;
    case 'grinder':
      return shadow(352, 110) + `<rect x="130" y="180" width="140" height="170" rx="14" fill="${accent}"/><path d="M140 180l20-80h80l20 80z" fill="#d9ecf2" stroke="${INK}" stroke-width="8"/>` +
        `<ellipse cx="200" cy="160" rx="24" ry="8" fill="${INK}"/><circle cx="200" cy="260" r="22" fill="${CREAM}"/>`;
    case 'chopsticks':
      return shadow(340) + [0, 1, 2].map((i) => `<path d="M${80 + i * 40} 340L${240 + i * 30} 70" stroke="${i % 2 ? accent : '#a0522d'}" stroke-width="16" stroke-linecap="round"/>`).join('');
    case 'candle':
      return shadow(352, 110) + `<rect x="130" y="160" width="140" height="190" rx="14" fill="${CREAM}" stroke="${accent}" stroke-width="10"/>` +
        `<path d="M200 150v-24" stroke="${INK}" stroke-width="6"/><path d="M200 70c20 24 20 48 0 56-20-8-20-32 0-56z" fill="#ffb300"/>` +
        `<rect x="130" y="230" width="140" height="50" fill="${accent}" fill-opacity="0.5"/>`;
    case 'giftBox':
      return shadow() + `<rect x="90" y="170" width="220" height="180" rx="8" fill="${accent}"/><rect x="80" y="130" width="240" height="50" rx="8" fill="${accent}" stroke="${INK}" stroke-opacity="0.2" stroke-width="6"/>` +
        `<rect x="184" y="130" width="32" height="220" fill="${CREAM}"/><path d="M200 130c-40-60-90-30-60 0zM200 130c40-60 90-30 60 0z" fill="${CREAM}"/>`;
    case 'card':
      return shadow() + `<rect x="100" y="90" width="200" height="260" rx="10" fill="${CREAM}" stroke="${accent}" stroke-width="10"/>` +
        `<path d="M200 260c-60-40-60-100 0-70 60-30 60 30 0 70z" fill="${accent}"/>`;
    case 'leaf':
      return `<path d="M90 320c0-170 110-240 230-240 0 150-90 240-230 240z" fill="#3f8f5a"/><path d="M90 320L280 120" stroke="${CREAM}" stroke-width="10"/>`;
    case 'bean':
      return [[150, 220, -30], [250, 200, 25]].map(([x, y, r]) => `<g transform="rotate(${r} ${x} ${y})"><ellipse cx="${x}" cy="${y}" rx="64" ry="92" fill="${INK}"/>` +
        `<path d="M${x} ${y - 88}c-30 60 30 116 0 176" stroke="${KRAFT}" stroke-width="10" fill="none"/></g>`).join('');
    case 'tag':
      return `<path d="M90 200l110-110h120v120L210 320z" fill="${accent}"/><circle cx="280" cy="130" r="16" fill="${CREAM}"/>` +
        `<path d="M160 220l60-60M170 170h.1M220 220h.1" stroke="${CREAM}" stroke-width="16" stroke-linecap="round"/>`;
  }
}
