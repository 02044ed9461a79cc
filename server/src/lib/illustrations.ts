/**
 * Flat drawings of the demo catalogue's kinds of product (coffee bag, tea tin, croissant, T-shirt, mug...), so the demo
 * store looks like a shop rather than a wall of initials. Each drawing fills a 400×400 frame and takes one accent colour
 * (the product's own hue) besides a few fixed ones; a pack (bag, tin, bottle...) prints the product's short name. The kind comes from the words of the image name (the seed names a
 * product's images after the product), first match wins. Kinds the catalogue sells several of (coffee, tea, snacks,
 * bottles, gift boxes) come in several shapes and label motifs, chosen from the name too (VARIED, variantOf).
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
  // A blend's origin (a product detail's picture): beans, not a bag (it fell back to initials, issue 42 n-1).
  ['bean', ['origin']],
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

type Spot = { x: number; y: number; w: number; ink: boolean };

/** Single-shape kinds that are packs: their label is printed on the pack; the others wear a hang tag (svg.ts). */
const PACK_LABEL: Partial<Record<Kind, Spot>> = {
  candle: { x: 200, y: 324, w: 130, ink: true }, mug: { x: 185, y: 300, w: 140, ink: false },
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

/** FNV-1a of a string: a stable number for a name, the same on every server and every run. */
export function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A label's small picture, drawn in about 70×64 around (x, y). */
const MOTIFS = {
  bean: (x: number, y: number) => `<ellipse cx="${x}" cy="${y}" rx="20" ry="28" fill="${INK}"/>` +
    `<path d="M${x} ${y - 26}c-9 17 9 35 0 52" stroke="${CREAM}" stroke-width="5" fill="none"/>`,
  leaf: (x: number, y: number) => `<path d="M${x - 28} ${y + 26}c0-40 24-56 56-56 0 36-22 56-56 56z" fill="#3f8f5a"/>` +
    `<path d="M${x - 28} ${y + 26}l38-38" stroke="${CREAM}" stroke-width="4"/>`,
  mountain: (x: number, y: number, accent: string) => `<path d="M${x - 36} ${y + 24}l26-44 14 20 12-16 20 40z" fill="${accent}"/>` +
    `<circle cx="${x + 22}" cy="${y - 20}" r="8" fill="#f2b705"/>`,
  stripes: (x: number, y: number, accent: string) =>
    [accent, INK, '#3f8f5a'].map((fill, i) => `<rect x="${x - 34}" y="${y - 22 + i * 16}" width="68" height="12" rx="3" fill="${fill}"/>`).join(''),
  // Roast level: four of five beans' worth of dark.
  dots: (x: number, y: number) => [0, 1, 2, 3, 4].map((i) => `<circle cx="${x - 32 + i * 16}" cy="${y}" r="6" ` +
    (i < 4 ? `fill="${INK}"/>` : `fill="none" stroke="${INK}" stroke-width="2"/>`)).join(''),
  drop: (x: number, y: number) => `<path d="M${x} ${y - 32}c14 20 22 30 22 40a22 22 0 0 1-44 0c0-10 8-20 22-40z" fill="#4a90c2"/>`,
  flower: (x: number, y: number, accent: string) => [[0, -16], [15, -5], [9, 13], [-9, 13], [-15, -5]]
    .map(([dx, dy]) => `<circle cx="${x + dx}" cy="${y + dy}" r="11" fill="${accent}"/>`).join('') + `<circle cx="${x}" cy="${y}" r="8" fill="#f2b705"/>`,
  // A slice of bergamot, the citrus that flavours Earl Grey.
  citrus: (x: number, y: number) => `<circle cx="${x}" cy="${y}" r="27" fill="#f2b705"/><circle cx="${x}" cy="${y}" r="21" fill="#ffe9a3"/>` +
    `<path d="M${x - 21} ${y}h42M${x} ${y - 21}v42M${x - 15} ${y - 15}l30 30M${x + 15} ${y - 15}l-30 30" stroke="#f2b705" stroke-width="3"/>` +
    `<path d="M${x + 14} ${y - 24}c6-14 18-16 28-14-4 12-16 18-28 14z" fill="#3f8f5a"/>`,
  // Oolong's leaves rolled into balls.
  rolled: (x: number, y: number) => {
    const balls = [[x - 16, y - 12], [x + 14, y - 16], [x - 2, y + 12], [x + 24, y + 10]];
    return balls.map(([cx, cy]) => `<circle cx="${cx}" cy="${cy}" r="13" fill="#3f8f5a"/>`).join('') +
      `<path d="${balls.map(([cx, cy]) => `M${cx - 6} ${cy + 4}c0-10 12-10 12-2s-8 6-8 0`).join('')}" stroke="${CREAM}" stroke-width="3" fill="none"/>`;
  },
  waves: (x: number, y: number) => `<path d="M${x - 30} ${y}l22-28 16 14 10-8 16 22z" fill="#3f8f5a"/>` +
    `<path d="M${x - 34} ${y + 10}q8 -8 17 0t17 0 17 0 17 0M${x - 34} ${y + 24}q8 -8 17 0t17 0 17 0 17 0" stroke="#4a90c2" stroke-width="5" fill="none"/>`,
  // A snack bag's window: what is in it.
  chunks: (x: number, y: number) => `<circle cx="${x - 18}" cy="${y - 8}" r="16" fill="${PASTRY}"/><circle cx="${x + 16}" cy="${y + 12}" r="18" fill="${CRUST}"/>` +
    `<circle cx="${x + 14}" cy="${y - 22}" r="10" fill="#7a5236"/>`,
  strips: (x: number, y: number) => `<path d="M${x - 34} ${y - 16}l58-10M${x - 30} ${y + 4}l62 4M${x - 26} ${y + 22}l50-8" stroke="${CRUST}" stroke-width="12" stroke-linecap="round"/>`,
  // Sheets of roasted seaweed, their ridges showing.
  sheets: (x: number, y: number) => `<path d="M${x - 36} ${y - 14}l44-12 10 36-44 12z" fill="#24402c"/><path d="M${x - 6} ${y - 2}l44-12 10 36-44 12z" fill="#2f5a3a"/>` +
    `<path d="M${x - 28} ${y - 6}q7-8 14-4t14-4M${x + 2} ${y + 6}q7-8 14-4t14-4M${x + 6} ${y + 20}q7-8 14-4t14-4" stroke="#7aa86e" stroke-width="3" fill="none"/>`,
  // Round rice crackers, sesame on top.
  discs: (x: number, y: number) => [[-14, -8], [16, 10]].map(([dx, dy]) => `<circle cx="${x + dx}" cy="${y + dy}" r="22" fill="#f0d595" stroke="${CRUST}" stroke-width="4"/>`).join('') +
    [[10, 4], [20, 14], [14, 20], [24, 4]].map(([dx, dy]) => `<circle cx="${x + dx}" cy="${y + dy}" r="2" fill="${INK}"/>`).join(''),
  chips: (x: number, y: number) => `<path d="M${x - 38} ${y - 4}c10-26 40-26 50 0-10 10-40 10-50 0zM${x - 10} ${y + 14}c10-26 40-26 50 0-10 10-40 10-50 0z" fill="${PASTRY}"/>`,
};
type Motif = keyof typeof MOTIFS;

/** One shape of a kind: its drawing around a motif, and where its label goes. */
type Shape = { label: Spot; draw: (accent: string, motif: (x: number, y: number) => string) => string };
/** A choice among names: the first name whose words are in the product's image name, else one of `pool` by hash. */
type Choice<T extends string> = { pool: T[]; words?: [T, string[]][] };

/**
 * A gift box in one of its wrappings: a bow, a cross ribbon with a seal, a dotted paper with a bow, a bow and a round
 * window showing a mooncake.
 */
function giftBox(wrap: 'bow' | 'cross' | 'dots' | 'window'): Shape {
  return {
    label: { x: 137, y: 270, w: 84, ink: false },
    draw: (a) => shadow() + `<rect x="90" y="170" width="220" height="180" rx="8" fill="${a}"/>` +
      (wrap === 'dots' ? [[244, 214], [284, 246], [244, 282], [284, 318]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9" fill="${CREAM}" fill-opacity=".6"/>`).join('') : '') +
      (wrap === 'cross' ? `<rect x="90" y="190" width="220" height="20" fill="${CREAM}"/>` : '') +
      (wrap === 'window' ? `<circle cx="263" cy="266" r="38" fill="${CREAM}"/><circle cx="263" cy="266" r="28" fill="${PASTRY}" stroke="${CRUST}" stroke-width="5"/>` +
        `<path d="M263 252l5 10h10l-8 7 3 10-10-6-10 6 3-10-8-7h10z" fill="${CRUST}"/>` : '') +
      `<rect x="80" y="130" width="240" height="50" rx="8" fill="${a}" stroke="${INK}" stroke-opacity="0.2" stroke-width="6"/><rect x="184" y="130" width="32" height="220" fill="${CREAM}"/>` +
      (wrap === 'cross' ? `<circle cx="200" cy="200" r="20" fill="${a}" stroke="${CREAM}" stroke-width="6"/>`
        : `<path d="M200 130c-40-60-90-30-60 0zM200 130c40-60 90-30 60 0z" fill="${CREAM}"/>`),
  };
}

const bagTop = `<path d="M120 110l-10-36h180l-10 36z" fill="#a97c50"/>`;

/**
 * Kinds the demo catalogue sells several of (six coffees, nine teas, seven snack bags...) come in several shapes,
 * each printed with one of several motifs, so two products of a kind differ by their outline and their label, not
 * only by colour and name. All are the same flat style: a few filled shapes, a cream label, the product's accent.
 */
const VARIED = {
  coffeeBag: {
    shapes: {
      // A flat-bottom kraft bag with its top folded down.
      kraft: { label: { x: 200, y: 180, w: 150, ink: true }, draw: (a, motif) => shadow() + `<path d="M120 110h160l20 242H100z" fill="${KRAFT}"/>` + bagTop +
        `<rect x="138" y="196" width="124" height="94" rx="10" fill="${CREAM}"/>${motif(200, 243)}<rect x="138" y="300" width="124" height="14" rx="7" fill="${a}"/>` },
      // A stand-up pouch with its zip and one-way valve.
      pouch: { label: { x: 200, y: 306, w: 124, ink: true }, draw: (a, motif) => shadow() + `<path d="M112 96h176v236q0 20-20 20H132q-20 0-20-20z" fill="${a}"/>` +
        `<path d="M112 128h176" stroke="${INK}" stroke-opacity=".3" stroke-width="4"/><circle cx="252" cy="156" r="13" fill="${CREAM}"/><circle cx="252" cy="156" r="5" fill="${INK}"/>` +
        `<rect x="130" y="190" width="140" height="136" rx="14" fill="${CREAM}"/>${motif(200, 232)}` },
      // A tin with a lid and a rim.
      tin: { label: { x: 200, y: 296, w: 140, ink: true }, draw: (a, motif) => shadow() + `<rect x="124" y="120" width="152" height="230" rx="8" fill="${a}"/>` +
        `<rect x="116" y="96" width="168" height="38" rx="8" fill="${INK}"/><rect x="124" y="176" width="152" height="136" fill="${CREAM}"/>` +
        `<rect x="116" y="334" width="168" height="16" rx="6" fill="${INK}"/>${motif(200, 218)}` },
      // A carton seen from its corner.
      box: { label: { x: 176, y: 310, w: 124, ink: true }, draw: (a, motif) => shadow() + `<path d="M104 130l48-30h144l-48 30z" fill="${a}" fill-opacity=".6"/>` +
        `<path d="M248 130l48-30v222l-48 30z" fill="${a}"/><rect x="104" y="130" width="144" height="222" fill="${CREAM}"/>` +
        `<rect x="104" y="130" width="144" height="34" fill="${a}"/>${motif(176, 218)}` },
      // A gusseted bag rolled shut with a tin-tie.
      tintie: { label: { x: 200, y: 296, w: 116, ink: true }, draw: (a, motif) => shadow() + `<path d="M108 124h184v228H108z" fill="#7a5236"/>` +
        `<path d="M128 124v228M272 124v228" stroke="${INK}" stroke-opacity=".3" stroke-width="6"/><path d="M112 84h176v44H112z" fill="#5e3e29"/>` +
        `<path d="M96 104h208" stroke="#b0b6ba" stroke-width="10" stroke-linecap="round"/><rect x="136" y="164" width="128" height="150" rx="6" fill="${CREAM}"/>` +
        `<rect x="136" y="164" width="128" height="16" fill="${a}"/>${motif(200, 226)}` },
    },
    // The house blend (and the Coffee category's tile) in the house kraft bag with a bean, the dark roast in the dark
    // tin-tie bag, the decaf in a carton; origins by hash.
    shape: { pool: ['kraft', 'pouch', 'tin', 'box', 'tintie'], words: [['kraft', ['blend', 'category']], ['tintie', ['dark', 'espresso']], ['box', ['decaf']]] },
    // An origin's mountain or stripes, a decaf's water drop, a dark roast's dots.
    motif: {
      pool: ['bean', 'leaf', 'mountain', 'stripes', 'dots', 'drop'],
      words: [['drop', ['decaf']], ['dots', ['espresso', 'dark']], ['bean', ['blend', 'category']], ['leaf', ['yirgacheffe', 'ethiopia']],
        ['mountain', ['guatemala']], ['stripes', ['colombia']]],
    },
  },
  teaTin: {
    shapes: {
      tin: { label: { x: 200, y: 324, w: 150, ink: false }, draw: (a, motif) => shadow() + `<rect x="120" y="110" width="160" height="240" rx="16" fill="${a}"/>` +
        `<rect x="112" y="90" width="176" height="44" rx="12" fill="${INK}"/><circle cx="200" cy="234" r="54" fill="${CREAM}"/>${motif(200, 234)}` },
      // A square caddy with a shouldered lid.
      caddy: { label: { x: 200, y: 322, w: 124, ink: false }, draw: (a, motif) => shadow() + `<rect x="132" y="136" width="136" height="214" rx="6" fill="${a}"/>` +
        `<path d="M132 146l22-30h92l22 30z" fill="${INK}"/><rect x="180" y="98" width="40" height="20" rx="6" fill="${INK}"/>` +
        `<path d="M200 170l62 62-62 62-62-62z" fill="${CREAM}"/>${motif(200, 232)}` },
      // A box of tea bags, one bag's tag out of the top.
      box: { label: { x: 200, y: 330, w: 180, ink: false }, draw: (a, motif) => shadow() + `<rect x="100" y="140" width="200" height="212" rx="6" fill="${CREAM}"/>` +
        `<rect x="100" y="288" width="200" height="64" fill="${a}"/><path d="M262 140V96" stroke="${INK}" stroke-width="3"/>` +
        `<rect x="248" y="70" width="28" height="30" rx="4" fill="${a}"/>${motif(200, 212)}` },
      // A kraft pouch with a round window label.
      pouch: { label: { x: 200, y: 318, w: 150, ink: true }, draw: (a, motif) => shadow() + `<path d="M126 112h148l16 240H110z" fill="${KRAFT}"/>` +
        `<rect x="126" y="96" width="148" height="22" fill="#a97c50"/><circle cx="200" cy="218" r="58" fill="${CREAM}"/>` +
        `<path d="M112 336h176" stroke="${a}" stroke-width="10"/>${motif(200, 218)}` },
      // A pressed cake in its pleated paper wrapper.
      cake: { label: { x: 200, y: 300, w: 170, ink: true }, draw: (a, motif) => shadow() + `<ellipse cx="200" cy="240" rx="146" ry="112" fill="${CREAM}"/>` +
        `<ellipse cx="200" cy="240" rx="118" ry="88" fill="none" stroke="${a}" stroke-width="6"/>` +
        `<path d="M200 140l-26-22M200 140v-28M200 140l26-22" stroke="#d8c8a8" stroke-width="6" stroke-linecap="round"/>${motif(200, 212)}` },
    },
    shape: { pool: ['tin', 'caddy', 'pouch'], words: [['cake', ['pu-erh']], ['box', ['bags']], ['tin', ['matcha', 'category']]] },
    // A flower tea's flower, West Lake's hills and lake, Earl Grey's bergamot, oolong's rolled leaves.
    motif: {
      pool: ['leaf', 'flower', 'waves'],
      words: [['flower', ['jasmine', 'chrysanthemum']], ['waves', ['longjing', 'west-lake']], ['citrus', ['earl-grey', 'bergamot']],
        ['rolled', ['oolong', 'tieguanyin']], ['leaf', ['matcha', 'category']]],
    },
  },
  snackBag: {
    shapes: {
      // A pillow bag crimped at both ends.
      pillow: { label: { x: 200, y: 316, w: 160, ink: false }, draw: (a, motif) => shadow() +
        `<path d="M110 90h180l-10 30 10 200-10 30H110l10-30-10-200 10-30z" fill="${a}"/>` +
        `<path d="M110 90l10 14 10-14 10 14 10-14 10 14 10-14 10 14 10-14 10 14 10-14 10 14 10-14 10 14 10-14 10 14 10-14 10 14" fill="none" stroke="${CREAM}" stroke-width="4"/>` +
        `<circle cx="200" cy="220" r="60" fill="${CREAM}"/>${motif(200, 220)}` },
      // A stand-up pouch with a window.
      pouch: { label: { x: 200, y: 318, w: 150, ink: false }, draw: (a, motif) => shadow() + `<path d="M116 96h168v236q0 20-20 20H136q-20 0-20-20z" fill="${a}"/>` +
        `<path d="M116 126h168" stroke="${CREAM}" stroke-opacity=".6" stroke-width="4"/><rect x="138" y="152" width="124" height="116" rx="24" fill="${CREAM}"/>${motif(200, 210)}` },
      // A tube with a lid.
      canister: { label: { x: 200, y: 322, w: 132, ink: false }, draw: (a, motif) => shadow() + `<rect x="128" y="104" width="144" height="246" rx="12" fill="${a}"/>` +
        `<ellipse cx="200" cy="104" rx="72" ry="14" fill="${INK}"/><rect x="128" y="146" width="144" height="104" fill="${CREAM}"/>${motif(200, 198)}` },
    },
    // Crisps and crackers in a tube, jerky and trail mix in a resealable pouch, chips in a pillow bag; the others by hash.
    shape: { pool: ['pillow', 'pouch', 'canister'], words: [['canister', ['crisps', 'cracker']], ['pouch', ['jerky', 'trail-mix']], ['pillow', ['chips']]] },
    // What is in the bag: nuts, strips of jerky or mango, seaweed sheets, round rice crackers, chips.
    motif: {
      pool: ['chunks', 'strips', 'chips'],
      words: [['chunks', ['peanut', 'trail-mix']], ['strips', ['jerky', 'mango']], ['sheets', ['seaweed', 'nori']], ['discs', ['cracker']],
        ['chips', ['chips', 'crisps']]],
    },
  },
  giftBox: {
    shapes: { bow: giftBox('bow'), cross: giftBox('cross'), dots: giftBox('dots'), window: giftBox('window') },
    // Mooncakes show through a window; the other boxes' wrapping by hash.
    shape: { pool: ['bow', 'cross', 'dots'], words: [['window', ['mooncake']]] },
  },
  bottle: {
    shapes: {
      bottle: { label: { x: 200, y: 306, w: 106, ink: true }, draw: (a) => shadow() + `<rect x="176" y="60" width="48" height="40" rx="6" fill="${INK}"/>` +
        `<path d="M168 100h64v40l28 40v172H140V180l28-40z" fill="${a}"/>` +
        `<rect x="145" y="210" width="110" height="110" rx="10" fill="${CREAM}"/><circle cx="200" cy="240" r="18" fill="${INK}" fill-opacity="0.8"/>` },
      // A pump bottle (syrups).
      pump: { label: { x: 200, y: 306, w: 92, ink: true }, draw: (a) => shadow() + `<rect x="138" y="168" width="124" height="184" rx="26" fill="${a}"/>` +
        `<rect x="182" y="136" width="36" height="34" fill="${INK}"/><path d="M190 136v-44h54v16h-36v28z" fill="${INK}"/>` +
        `<rect x="150" y="214" width="100" height="108" rx="10" fill="${CREAM}"/><circle cx="200" cy="244" r="16" fill="${a}"/>` },
      // A gable-top carton (milks).
      carton: { label: { x: 190, y: 306, w: 120, ink: true }, draw: (a) => shadow() + `<path d="M260 150l36-26v202l-36 26z" fill="${a}" fill-opacity=".7"/>` +
        `<path d="M190 94l36-26 70 56-36 26z" fill="${a}" fill-opacity=".85"/><rect x="120" y="150" width="140" height="202" fill="${CREAM}"/>` +
        `<path d="M120 150l70-56 70 56z" fill="${a}"/><rect x="200" y="108" width="22" height="16" rx="4" fill="${INK}"/>` +
        `<rect x="120" y="330" width="140" height="22" fill="${a}"/>${MOTIFS.leaf(190, 224)}` },
    },
    shape: { pool: ['bottle', 'pump', 'carton'], words: [['bottle', ['cold-brew']], ['pump', ['syrup']], ['carton', ['milk']]] },
  },
} satisfies Record<string, { shapes: Record<string, Shape>; shape: Choice<string>; motif?: Choice<Motif> }>;

type VariedKind = keyof typeof VARIED;
const isVaried = (kind: Kind): kind is VariedKind => kind in VARIED;

/** Which drawing a product of a kind gets: its shape and the motif on its label, if its kind has motifs (single-shape kinds: the kind). */
export type DrawingVariant = { shape: string; motif: Motif | null };

function choose<T extends string>({ pool, words = [] }: Choice<T>, base: string, seed: number): T {
  const name = `-${base}-`;
  return words.find(([, ws]) => ws.some((w) => name.includes(`-${w}`)))?.[0] ?? pool[seed % pool.length];
}

/** The drawing of the product (or category, banner...) named `base`, of `kind`: from its words, else its hash. */
export function variantOf(kind: Kind, base: string): DrawingVariant {
  if (!isVaried(kind)) return { shape: kind, motif: null };
  const { shape, motif } = VARIED[kind] as { shape: Choice<string>; motif?: Choice<Motif> };
  // FNV's low bits barely change between similar names ('…-340g'): mix them (murmur3's finaliser) before taking a remainder.
  let seed = hash(base);
  seed = Math.imul(seed ^ (seed >>> 16), 0x85ebca6b);
  seed = Math.imul(seed ^ (seed >>> 13), 0xc2b2ae35);
  seed = (seed ^ (seed >>> 16)) >>> 0;
  return { shape: choose(shape, base, seed), motif: motif ? choose(motif, base, seed >>> 8) : null };
}

/** Whether a kind prints its name on the pack (the others wear a hang tag, svg.ts). */
export function isPack(kind: Kind): boolean {
  return isVaried(kind) || kind in PACK_LABEL;
}

/**
 * The drawing of a kind in `accent` (a CSS colour), in a 400×400 frame, in the shape and with the motif that the
 * image `name` (without '.svg') gets (variantOf); a pack kind prints `label` on the pack.
 */
export function drawKind(kind: Kind, accent: string, label = '', name = ''): string {
  const variant = variantOf(kind, name);
  let art: string;
  let spot: Spot | undefined;
  if (isVaried(kind)) {
    const shape = (VARIED[kind].shapes as Record<string, Shape>)[variant.shape];
    const { motif } = variant;
    art = shape.draw(accent, (x, y) => (motif ? MOTIFS[motif](x, y, accent) : ''));
    spot = shape.label;
  } else {
    art = drawShape(kind, accent);
    spot = PACK_LABEL[kind];
  }
  return art + (label && spot ? labelText(label, spot.x, spot.y, spot.w, spot.ink ? INK : CREAM) : '');
}

function drawShape(kind: Exclude<Kind, VariedKind>, accent: string): string {
  switch (kind) {
    case 'cup':
      return shadow(356, 150) + steam(160, 140) + `<ellipse cx="200" cy="330" rx="140" ry="26" fill="${CREAM}"/>` +
        `<path d="M110 180h180v60a90 90 0 0 1-180 0z" fill="${accent}"/><path d="M290 200h20a32 32 0 0 1 0 64h-28" stroke="${accent}" stroke-width="16" fill="none"/>` +
        `<ellipse cx="200" cy="180" rx="90" ry="16" fill="${INK}"/>`;
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
