/** Demo list headings (category and tag banners), rich product details (bilingual), and the default provider's link. */
import type { Queryable } from '../db/index.ts';

const m = (en: string, zh: string) => ({ en, zh });

export const listHeadings = [
  { kind: 'category', name: 'coffee', title: m('Coffee', '咖啡'), blurb: m('Roasted in small batches in Toronto, every week.', '每周在多伦多小批量烘焙。'), banner: 'banner-coffee-list.svg' },
  { kind: 'category', name: 'tea', title: m('Tea', '茶'), blurb: m('Green, oolong and pu-erh from the gardens we buy from each spring.', '每年春天从合作茶园采购的绿茶、乌龙和普洱。'), banner: 'banner-tea-list.svg' },
  { kind: 'tag', name: 'gift', title: m('Gifts', '礼品'), blurb: m('Boxed and ready to give.', '礼盒包装，随手可送。'), banner: 'banner-gift-list.svg' },
  { kind: 'tag', name: 'organic', title: m('Organic', '有机'), blurb: m('Certified organic, from farm to cup.', '从农场到杯中，均通过有机认证。'), banner: null },
  { kind: 'tag', name: 'bestseller', title: m('Bestsellers', '畅销'), blurb: m('What our neighbours buy again and again.', '街坊们一买再买的好物。'), banner: null },
] as const;

type Block =
  | { kind: 'heading' | 'paragraph'; text: { en: string; zh: string } }
  | { kind: 'image'; image: string; caption: { en: string; zh: string } };

/** Rich details by product name (ids are generated when the catalogue is seeded). */
export const productDetails: { product: string; blocks: Block[] }[] = [
  {
    product: 'House Blend Coffee Beans 340g',
    blocks: [
      { kind: 'heading', text: m('Tasting notes', '风味') },
      { kind: 'paragraph', text: m('Milk chocolate, toasted almond and a little maple sweetness. Medium roast.', '牛奶巧克力、烤杏仁，带一丝枫糖的甜。中度烘焙。') },
      { kind: 'image', image: 'detail-house-blend-origin.svg', caption: m('Brazil and Colombia, roasted together.', '巴西与哥伦比亚豆，一同烘焙。') },
      { kind: 'heading', text: m('Brewing', '冲煮') },
      { kind: 'paragraph', text: m('Filter: 15 g for 250 ml at 94 °C. Espresso: 18 g in, 36 g out in 28 seconds.', '滤泡：15克咖啡粉配250毫升94°C热水。意式：18克粉，28秒萃取36克。') },
      { kind: 'paragraph', text: m('Keep the bag closed, away from light, and use within a month of opening.', '密封避光保存，开封后一个月内饮用。') },
    ],
  },
  {
    product: 'West Lake Longjing 100g',
    blocks: [
      { kind: 'paragraph', text: m('Pan-fired green tea from Hangzhou, picked before Qingming.', '杭州明前采摘的炒青绿茶。') },
      { kind: 'image', image: 'detail-longjing-leaves.svg', caption: m('Flat, jade-green leaves.', '扁平翠绿的茶叶。') },
      { kind: 'heading', text: m('Brewing', '冲泡') },
      { kind: 'paragraph', text: m('3 g in a glass, 150 ml of water at 80 °C; brew three times.', '玻璃杯放3克茶叶，注入150毫升80°C的水，可冲泡三次。') },
    ],
  },
];

/** The default provider's site, which the 'PWA POWERED BY' bar's default provider name links to. */
export const DEFAULT_POWER_BY_URL = 'https://istore.example.com';

export async function seedCalls(q: Queryable): Promise<void> {
  await q.query(
    `UPDATE settings SET value = jsonb_set(value, '{defaultPowerByUrl}', to_jsonb($1::text)) WHERE key = 'appConfig' AND NOT value ? 'defaultPowerByUrl'`,
    [DEFAULT_POWER_BY_URL],
  );
  for (const h of listHeadings) {
    await q.query(
      `INSERT INTO list_headings (kind, name, title_en, title_zh, blurb_en, blurb_zh, banner) VALUES ($1,$2,$3,$4,$5,$6,$7)
       ON CONFLICT DO NOTHING`,
      [h.kind, h.name, h.title.en, h.title.zh, h.blurb.en, h.blurb.zh, h.banner],
    );
  }
  for (const d of productDetails) {
    await q.query(
      `INSERT INTO product_details (product_id, blocks) SELECT id, $2::jsonb FROM products WHERE name_en = $1 ON CONFLICT DO NOTHING`,
      [d.product, JSON.stringify(d.blocks)],
    );
  }
}
