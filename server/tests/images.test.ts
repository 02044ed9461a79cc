// The demo store's generated images (issue 18 "it must look like a store"): every seeded product, category, banner and
// live cover is a drawing of its kind of product, not initials; the header and footer logos share one mark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drawKind, kindOf, shortName, variantOf, type Kind } from '../src/lib/illustrations.ts';
import { renderSvg } from '../src/lib/svg.ts';
import { demoCatalogue } from '../src/seed/catalogue.ts';
import { demoInfluencers } from '../src/features/influencers/seed.ts';
import { liveRooms } from '../src/seed/liveRooms.ts';
import { css, sectionTemplates, storeInfo } from '../src/seed/store.ts';
import { productDetails } from '../src/seed/calls.ts';

const base = (image: string) => image.replace(/(-2)?\.svg$/, '');

test('every seeded product, category, banner and live cover has a drawing of its kind', () => {
  const banners = Object.values(sectionTemplates).flat().flatMap((s: any) => (s.kind === 'banner' ? s.slides.map((x: any) => x.image) : []));
  const { products, categories } = demoCatalogue();
  const images = [...products.flatMap((p) => p.images), ...categories.map((c) => c.image!), ...banners, ...liveRooms.map((r) => r.cover)];
  assert.deepEqual(images.filter((image) => kindOf(base(image)) === null), []);
});

test('kinds follow the product, specific words first', () => {
  for (const [image, kind] of [
    ['house-blend-coffee-beans-340g.svg', 'coffeeBag'], ['cold-brew-concentrate-1l.svg', 'bottle'], ['west-lake-longjing-100g.svg', 'teaTin'],
    ['butter-croissant-4-pack-2.svg', 'croissant'], ['logo-t-shirt.svg', 'tshirt'], ['panda-hoodie.svg', 'hoodie'], ['ceramic-mug-350ml.svg', 'mug'],
    ['cast-iron-teapot.svg', 'teapot'], ['tea-gift-box.svg', 'giftBox'], ['category-coffee.svg', 'coffeeBag'],
  ] as const) {
    assert.equal(kindOf(base(image)), kind, image);
  }
});

test("a product detail's pictures are drawings without words, not initials (issue 42 n-1: House Blend's origin was \"DH\")", () => {
  const images = productDetails.flatMap((d) => d.blocks.flatMap((b) => (b.kind === 'image' ? [b.image] : [])));
  assert.ok(images.includes('detail-house-blend-origin.svg'));
  for (const image of images) {
    assert.notEqual(kindOf(base(image)), null, image);
    assert.doesNotMatch(renderSvg(image), /<text/, `${image}: no words drawn (the caption says it in the shopper's language)`);
  }
});

// Issue 42 n-12: "Logo T-Shirt", "House Blend" and "Butter Croissant" were drawn in English on the pictures the Chinese
// UI shows (product cards, the product page, group-buy covers); the page names each product in the shopper's language.
test('a product image is a drawing on a light tile, with no words drawn (no name, no initials)', () => {
  const svg = renderSvg('house-blend-coffee-beans-340g.svg');
  assert.match(svg, /viewBox="0 0 400 400"/);
  for (const image of ['house-blend-coffee-beans-340g.svg', 'logo-t-shirt.svg', 'butter-croissant-4-pack.svg', 'butter-croissant-4-pack-2.svg', 'ceramic-mug-350ml.svg']) {
    assert.doesNotMatch(renderSvg(image), /<text/, image);
  }
});

// Issue 42 n-12 (in part): "Longjing Spring Tasting" and "Pour Over At Home" were drawn in English on the live covers the
// Chinese UI shows; the page names each room in the shopper's language.
test('live-room covers draw their subject and no title', () => {
  for (const room of liveRooms) {
    const svg = renderSvg(room.cover);
    assert.match(svg, /viewBox="0 0 800 450"/);
    assert.doesNotMatch(svg, /<text/, room.cover);
  }
});

test('every product of the demo catalogue has its own picture, different from every other product\'s even without colours', () => {
  // Colours alone (one hue per product) left eleven coffees looking the same: compare the drawings with colours removed.
  const shape = (svg: string) => svg.replace(/#[0-9a-f]{3,6}\b|hsl\([^)]*\)/gi, '');
  const { products } = demoCatalogue();
  const seen = new Map<string, string>();
  for (const p of products) {
    const svg = renderSvg(p.images[0]);
    assert.ok(svg.length < 2500, `${p.nameEn}: ${svg.length} bytes`);
    const key = shape(svg);
    assert.equal(seen.get(key), undefined, `${p.nameEn} draws the same as ${seen.get(key)}`);
    seen.set(key, p.nameEn);
  }
  assert.equal(seen.size, products.length);
});

/** Well-formed XML, checked the small way: every tag closes in order, attributes are quoted, text has no bare '<' or '&'. */
function assertWellFormed(xml: string, what: string): void {
  const open: string[] = [];
  const token = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  let m: RegExpExecArray | null;
  while ((m = token.exec(xml))) {
    const [, closing, name, , selfClosing, text, stray] = m;
    assert.equal(stray, undefined, `${what}: a '<' that starts no tag at ${m.index}`);
    if (text !== undefined) assert.doesNotMatch(text, /&(?!(amp|lt|gt|quot|apos);)/, `${what}: a bare '&'`);
    else if (closing) assert.equal(open.pop(), name, `${what}: </${name}> closes the wrong tag`);
    else if (!selfClosing) open.push(name);
  }
  assert.deepEqual(open, [], `${what}: tags left open`);
  assert.match(xml, /^<svg [^>]*>[^]*<\/svg>$/, `${what}: one svg element`);
}

test('the well-formedness check refuses broken SVG', () => {
  for (const broken of ['<svg x="1"><g></svg>', '<svg x="1"><rect x=1/></svg>', '<svg x="1"><text>A & B</text></svg>', '<svg x="1"><g></rect></g></svg>']) {
    assert.throws(() => assertWellFormed(broken, 'broken'), broken);
  }
  assertWellFormed('<svg x="1"><g><rect x="1"/><text>A &amp; B</text></g></svg>', 'sound');
});

test('every product picture is well-formed SVG under 2000 bytes, and no two products\' pictures are the same', () => {
  const { products } = demoCatalogue();
  const seen = new Map<string, string>();
  for (const p of products) {
    for (const image of p.images) {
      const svg = renderSvg(image);
      assertWellFormed(svg, image);
      assert.ok(Buffer.byteLength(svg) < 2000, `${image}: ${Buffer.byteLength(svg)} bytes`);
    }
    const svg = renderSvg(p.images[0]);
    assert.equal(seen.get(svg), undefined, `${p.nameEn} is the same picture as ${seen.get(svg)}`);
    seen.set(svg, p.nameEn);
  }
});

test('no two products of a kind share a pack shape and label motif, and their drawings differ without name or colour', () => {
  const byKind = new Map<Kind, string[]>();
  for (const p of demoCatalogue().products) {
    const name = base(p.images[0]);
    byKind.set(kindOf(name)!, [...(byKind.get(kindOf(name)!) ?? []), name]);
  }
  // Kinds drawn one way only (a croissant, a mug) are told apart by name, colour and backdrop; the others by their drawing.
  const drawnOneWay = (kind: Kind, names: string[]) => names.every((name) => variantOf(kind, name).shape === kind && variantOf(kind, name).motif === null);
  const varied = [...byKind].filter(([kind, names]) => !drawnOneWay(kind, names));
  assert.deepEqual(varied.map(([kind]) => kind).sort(), ['bottle', 'coffeeBag', 'giftBox', 'snackBag', 'teaTin']);
  for (const [kind, names] of varied) {
    const pairs = names.map((name) => variantOf(kind, name)).map(({ shape, motif }) => `${shape}+${motif}`);
    assert.equal(new Set(pairs).size, names.length, `${kind}: ${names.map((name, i) => `${name} ${pairs[i]}`).join(', ')}`);
    // The choice shows in the drawing: the same accent and no name, yet every product of the kind is drawn differently.
    assert.equal(new Set(names.map((name) => drawKind(kind, '#888', '', name))).size, names.length, kind);
  }
  const coffees = byKind.get('coffeeBag')!;
  assert.ok(coffees.length >= 6, `${coffees.length} coffees`);
  for (const kind of ['coffeeBag', 'teaTin', 'snackBag'] as const) {
    assert.ok(byKind.get(kind)!.every((name) => variantOf(kind, name).motif !== null), `every ${kind} label has a motif`);
  }
});

test('a kind the catalogue sells more than two of comes in several shapes, chosen from the product\'s own name', () => {
  const byKind = new Map<Kind, string[]>();
  for (const p of demoCatalogue().products) {
    const name = base(p.images[0]);
    byKind.set(kindOf(name)!, [...(byKind.get(kindOf(name)!) ?? []), name]);
  }
  const several = [...byKind].filter(([, names]) => names.length > 2);
  assert.deepEqual(several.map(([kind]) => kind).sort(), ['bottle', 'coffeeBag', 'giftBox', 'snackBag', 'teaTin']);
  for (const [kind, names] of several) {
    const shapes = new Set(names.map((name) => variantOf(kind, name).shape));
    assert.ok(shapes.size >= 3, `${kind}: ${[...shapes].join(', ')}`);
    // No shape for more than half of them: not one outline with a few exceptions.
    for (const shape of shapes) assert.ok(names.filter((name) => variantOf(kind, name).shape === shape).length * 2 <= names.length, `${kind}: ${shape}`);
  }
  // Stable, and from the words where they say something: a syrup in a pump bottle, oat milk in a carton, a decaf's drop.
  assert.deepEqual(variantOf('bottle', 'maple-latte-syrup'), { shape: 'pump', motif: null });
  assert.deepEqual(variantOf('bottle', 'oat-milk-upgrade'), { shape: 'carton', motif: null });
  assert.equal(variantOf('coffeeBag', 'decaf-swiss-water-340g').motif, 'drop');
  // Earl Grey's bergamot, oolong's rolled leaves, seaweed's sheets, rice crackers' discs, a mooncake box's window.
  assert.equal(variantOf('teaTin', 'earl-grey-loose-leaf-100g').motif, 'citrus');
  assert.equal(variantOf('teaTin', 'tieguanyin-oolong-100g').motif, 'rolled');
  assert.equal(variantOf('snackBag', 'seaweed-crisps-6-pack').motif, 'sheets');
  assert.equal(variantOf('snackBag', 'rice-crackers-150g').motif, 'discs');
  assert.equal(variantOf('giftBox', 'mooncake-gift-set').shape, 'window');
  // A category's tile shows its kind's archetype: the kraft bag with a bean, the round tin with a leaf.
  assert.deepEqual(variantOf('coffeeBag', 'category-coffee'), { shape: 'kraft', motif: 'bean' });
  assert.deepEqual(variantOf('teaTin', 'category-tea'), { shape: 'tin', motif: 'leaf' });
  assert.deepEqual(variantOf('teaTin', 'pu-erh-cake-357g'), variantOf('teaTin', 'pu-erh-cake-357g'));
  assert.deepEqual(variantOf('mug', 'ceramic-mug-350ml'), { shape: 'mug', motif: null });
});

test('short names for labels: two words, sizes and counts dropped, a one-letter word joined to the next', () => {
  for (const [base, name] of [
    ['ethiopia-yirgacheffe-250g', 'Ethiopia Yirgacheffe'], ['logo-t-shirt', 'Logo T-Shirt'], ['chopsticks-set-of-5', 'Chopsticks Set'],
    ['english-breakfast-50-bags', 'English Breakfast'], ['butter-croissant-4-pack', 'Butter Croissant'], ['sourdough-loaf', 'Sourdough Loaf'],
  ] as const) {
    assert.equal(shortName(base), name, base);
  }
});

test('header and footer logos: the same mark and words, dark words on the white header and the footer colour on the light footer', () => {
  const header = renderSvg(storeInfo.logo.imageURL);
  const footer = renderSvg(storeInfo.footerLogo.imageURL);
  const markOf = (svg: string) => svg.match(/<g transform[^]*?<\/g>/)?.[0];
  assert.ok(markOf(header));
  assert.equal(markOf(header), markOf(footer));
  assert.match(header, /Maple &amp; Jade/);
  assert.match(header, /fill="#222222">Maple/);
  // The footer is light grey (#f4f4f4): its logo's words are the store's footer colour (seed css varFooter), not white.
  assert.match(footer, new RegExp(`fill="${css.varFooter}">Maple`));
});

test('the Logo T-Shirt is a T-shirt, not the store logo (its name starts with "logo")', () => {
  for (const image of ['logo-t-shirt.svg', 'logo-t-shirt-2.svg']) {
    const svg = renderSvg(image);
    assert.match(svg, /viewBox="0 0 400 400"/, image);
    assert.doesNotMatch(svg, /Maple &amp; Jade|MARKET/, image);
  }
  assert.match(renderSvg(storeInfo.favicon.imageURL), /viewBox="0 0 400 400"/);
});

test("the Logo T-Shirt's colours are its own drawing in each colour (issue 42 n-2: Black showed a brown T-shirt)", () => {
  const tee = demoCatalogue().products.find((p) => p.nameEn === 'Logo T-Shirt')!;
  const pictures = tee.options.find((o) => o.name === 'color')!.values.map((v) => [v.value, renderSvg(v.image!)] as const);
  const fills = { Black: '#2b2b2b', White: '#f7f6f2', Red: '#c0392b' } as Record<string, string>;
  const drawing = (svg: string) => svg.replace(/fill="#2b2b2b"|fill="#f7f6f2"|fill="#c0392b"|fill="hsl\([^)]*\)"/g, '');
  for (const [value, svg] of pictures) {
    assertWellFormed(svg, value);
    assert.equal(kindOf(base(tee.images[0])), 'tshirt');
    // The shirt's body is the colour's own fill; no words drawn.
    assert.match(svg, new RegExp(`<path d="M150 80l[^"]*" fill="${fills[value]}"`), value);
    assert.doesNotMatch(svg, /<text/, value);
  }
  // The same shirt, backdrop and tilt in each colour: only the colours differ.
  assert.equal(new Set(pictures.map(([, svg]) => drawing(svg))).size, 1);
  assert.equal(drawing(renderSvg('logo-t-shirt-in-black.svg')), drawing(renderSvg('logo-t-shirt.svg')));
});

test('each demo influencer has a drawn portrait, a cover of what they share and a gallery, none like another\'s', () => {
  const shape = (svg: string) => svg.replace(/#[0-9a-f]{3,6}\b|hsl\([^)]*\)/gi, '');
  const portraits = new Set<string>();
  for (const { profile } of demoInfluencers) {
    const avatar = renderSvg(profile.avatar!);
    assert.match(avatar, /viewBox="0 0 400 400"/);
    assert.doesNotMatch(avatar, /<text/, 'a portrait, not initials');
    portraits.add(avatar);
    const cover = renderSvg(profile.cover!);
    assert.match(cover, /viewBox="0 0 1000 400"/, 'the profile shows its cover at 5:2');
    assert.notEqual(kindOf(base(profile.cover!).replace(/^cover-/, '')), null, `${profile.cover} draws a subject`);
    assert.ok(profile.gallery.length >= 3);
    for (const image of profile.gallery) assert.notEqual(kindOf(base(image)), null, image);
  }
  assert.equal(portraits.size, demoInfluencers.length);
  // Different people differ by more than a colour (hair style, glasses) for the two seeded ones.
  assert.equal(new Set(demoInfluencers.map(({ profile }) => shape(renderSvg(profile.avatar!)))).size, demoInfluencers.length);
});
