// The demo store's generated images (issue 18 "it must look like a store"): every seeded product, category, banner and
// live cover is a drawing of its kind of product, not initials; the header and footer logos share one mark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { kindOf } from '../src/lib/illustrations.ts';
import { allOptionPairs } from '../src/lib/options.ts';
import { renderSvg } from '../src/lib/svg.ts';
import { categories, seedProducts } from '../src/seed/catalogue.ts';
import { liveRooms } from '../src/seed/liveRooms.ts';
import { sectionTemplates, storeInfo } from '../src/seed/store.ts';

const base = (image: string) => image.replace(/(-2)?\.svg$/, '');

test('every seeded product, category, banner and live cover has a drawing of its kind', () => {
  const banners = Object.values(sectionTemplates).flat().flatMap((s: any) => (s.kind === 'banner' ? s.slides.map((x: any) => x.image) : []));
  const images = [...seedProducts(allOptionPairs).flatMap((p) => p.images), ...categories.map((c) => c.image), ...banners, ...liveRooms.map((r) => r.cover)];
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

test('a product image is a drawing on a light tile, without initials', () => {
  const svg = renderSvg('house-blend-coffee-beans-340g.svg');
  assert.match(svg, /viewBox="0 0 400 400"/);
  assert.doesNotMatch(svg, /<text/);
});

test('header and footer logos: the same mark and words, dark words on the white header and light ones on the dark footer', () => {
  const header = renderSvg(storeInfo.logo.imageURL);
  const footer = renderSvg(storeInfo.footerLogo.imageURL);
  const markOf = (svg: string) => svg.match(/<g transform[^]*?<\/g>/)?.[0];
  assert.ok(markOf(header));
  assert.equal(markOf(header), markOf(footer));
  assert.match(header, /Maple &amp; Jade/);
  assert.match(header, /fill="#222222">Maple/);
  assert.match(footer, /fill="#ffffff">Maple/);
});

test('the Logo T-Shirt is a T-shirt, not the store logo (its name starts with "logo")', () => {
  for (const image of ['logo-t-shirt.svg', 'logo-t-shirt-2.svg']) {
    const svg = renderSvg(image);
    assert.match(svg, /viewBox="0 0 400 400"/, image);
    assert.doesNotMatch(svg, /Maple &amp; Jade|MARKET/, image);
  }
  assert.match(renderSvg(storeInfo.favicon.imageURL), /viewBox="0 0 400 400"/);
});
