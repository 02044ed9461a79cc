/**
 * Demo blog: three categories and eight bilingual posts (newest first: 1 … 8 days before seeding), each with a
 * generated 16:9 cover (`blog-<slug>.svg`) and products of the demo catalogue linked; plus one draft that is never
 * shown. Bodies are operator HTML, sanitised when answered.
 */
import type { Queryable } from '../db/index.ts';

const DAY = 24 * 3600 * 1000;

export const blogCategories = [
  { name: 'tea', en: 'Tea', zh: '茶' },
  { name: 'coffee', en: 'Coffee', zh: '咖啡' },
  { name: 'recipes', en: 'Recipes', zh: '食谱' },
];

interface SeedPost {
  slug: string; category: string; daysAgo: number | null; products: number[];
  title: [string, string]; summary: [string, string]; body: [string, string];
}

export const blogPosts: SeedPost[] = [
  {
    slug: 'brewing-longjing-at-home', category: 'tea', daysAgo: 1, products: [1011, 1051],
    title: ['Brewing Longjing at home', '在家冲泡西湖龙井'],
    summary: ['Three steps to a sweet, nutty cup of spring green tea.', '三步泡出一杯鲜爽甘甜的春茶。'],
    body: [
      `<p>West Lake <strong>Longjing</strong> is at its best when the water is <em>not</em> boiling.</p>
<h2>What you need</h2>
<ul><li>3 g of <a href="/store/product/1011">West Lake Longjing</a></li><li>A glass or a <a href="/store/product/1051">gaiwan</a></li><li>Water at 80 °C</li></ul>
<h2>Steps</h2>
<ol><li>Warm the glass.</li><li>Add the leaves, then a little water; wait 30 seconds.</li><li>Top up and drink when the leaves sink.</li></ol>
<blockquote>Good tea needs patience, not heat.</blockquote>`,
      `<p>西湖<strong>龙井</strong>最怕沸水，<em>八十度</em>最好。</p>
<h2>准备</h2>
<ul><li>3 克<a href="/store/product/1011">西湖龙井</a></li><li>玻璃杯或<a href="/store/product/1051">盖碗</a></li><li>80 °C 的水</li></ul>
<h2>步骤</h2>
<ol><li>温杯。</li><li>投茶，注少量水，润茶三十秒。</li><li>注满水，待茶叶下沉即可品饮。</li></ol>
<blockquote>好茶要耐心，不要高温。</blockquote>`,
    ],
  },
  {
    slug: 'pour-over-basics', category: 'coffee', daysAgo: 2, products: [1001, 1050],
    title: ['Pour-over basics', '手冲咖啡入门'],
    summary: ['A kettle, fresh beans and four minutes.', '一把手冲壶、新鲜咖啡豆和四分钟。'],
    body: [
      `<p>Pour-over brings out the sweetness of our <a href="/store/product/1001">House Blend</a>.</p>
<h3>The ratio</h3><p>Use <strong>15 g</strong> of coffee for <strong>250 g</strong> of water.<br>Grind it like sea salt.</p>
<img src="blog-pour-over-basics.svg" alt="Pouring water over coffee">
<p>A gooseneck <a href="/store/product/1050">pour-over kettle</a> makes the slow, even pour easy.</p>`,
      `<p>手冲最能带出<a href="/store/product/1001">招牌混合咖啡豆</a>的甜感。</p>
<h3>粉水比</h3><p><strong>15 克</strong>咖啡配<strong>250 克</strong>水。<br>研磨度如海盐。</p>
<img src="blog-pour-over-basics.svg" alt="向咖啡粉注水">
<p>细嘴<a href="/store/product/1050">手冲壶</a>让缓慢均匀的注水更容易。</p>`,
    ],
  },
  {
    slug: 'matcha-swiss-roll-pairing', category: 'recipes', daysAgo: 3, products: [1025, 1016],
    title: ['Matcha two ways', '抹茶的两种吃法'],
    summary: ['A whisked bowl of matcha with a slice of Swiss roll.', '一碗现打抹茶，配一块抹茶瑞士卷。'],
    body: [
      `<p>Whisk 2 g of <a href="/store/product/1016">matcha powder</a> with 70 ml of water at 75 °C until it foams.</p>
<p>Serve it with a slice of <a href="/store/product/1025">Matcha Swiss Roll</a>: the cream softens the tea's bitterness.</p>`,
      `<p>取 2 克<a href="/store/product/1016">抹茶粉</a>，加 70 毫升 75 °C 的水，打至起泡。</p>
<p>配一块<a href="/store/product/1025">抹茶瑞士卷</a>：奶油能中和茶的苦味。</p>`,
    ],
  },
  {
    slug: 'cold-brew-summer', category: 'coffee', daysAgo: 4, products: [1006, 1054],
    title: ['Cold brew for summer days', '夏日冷萃'],
    summary: ['Dilute, add ice, take it with you.', '稀释、加冰、带着走。'],
    body: [
      `<p>Mix one part <a href="/store/product/1006">Cold Brew Concentrate</a> with two parts cold water or milk.</p>
<ul><li>Over ice in a <a href="/store/product/1054">travel tumbler</a></li><li>With a dash of maple syrup</li></ul>`,
      `<p>一份<a href="/store/product/1006">冷萃咖啡浓缩液</a>兑两份冷水或牛奶。</p>
<ul><li>加冰装进<a href="/store/product/1054">随行保温杯</a></li><li>加一点枫糖浆</li></ul>`,
    ],
  },
  {
    slug: 'oolong-gongfu-style', category: 'tea', daysAgo: 5, products: [1012],
    title: ['Oolong, gongfu style', '功夫泡乌龙'],
    summary: ['Short steeps, many cups.', '快出汤，多冲泡。'],
    body: [
      `<p><a href="/store/product/1012">Tieguanyin</a> opens up over six or more short steeps.</p>
<ol><li>First steep: 20 seconds.</li><li>Add 5 seconds each time after.</li></ol>`,
      `<p><a href="/store/product/1012">铁观音</a>可冲泡六次以上，每次都短。</p>
<ol><li>第一泡：20 秒。</li><li>之后每泡加 5 秒。</li></ol>`,
    ],
  },
  {
    slug: 'egg-tarts-and-tea', category: 'recipes', daysAgo: 6, products: [1023, 1013],
    title: ['Egg tarts and jasmine tea', '蛋挞配茉莉花茶'],
    summary: ['A Hong Kong afternoon at home.', '在家过一个港式下午茶。'],
    body: [
      `<p>Warm <a href="/store/product/1023">egg tarts</a> for 5 minutes at 180 °C and brew <a href="/store/product/1013">Jasmine Pearls</a> at 85 °C.</p>`,
      `<p><a href="/store/product/1023">葡式蛋挞</a>以 180 °C 复热 5 分钟，<a href="/store/product/1013">茉莉龙珠</a>用 85 °C 的水冲泡。</p>`,
    ],
  },
  {
    slug: 'choosing-a-grind', category: 'coffee', daysAgo: 7, products: [1002],
    title: ['Choosing a grind', '如何选择研磨度'],
    summary: ['Whole bean, espresso or filter: which is yours?', '咖啡豆、意式还是滴滤：哪一种适合你？'],
    body: [
      `<p>Every coffee of ours comes <em>whole bean</em>, <em>espresso grind</em> or <em>filter grind</em>.</p>
<p>Try <a href="/store/product/1002">Ethiopia Yirgacheffe</a> as filter grind for a bright, floral cup.</p>`,
      `<p>我们的咖啡都有<em>咖啡豆</em>、<em>意式研磨</em>和<em>滴滤研磨</em>三种。</p>
<p>试试滴滤研磨的<a href="/store/product/1002">埃塞俄比亚耶加雪菲</a>，明亮又有花香。</p>`,
    ],
  },
  {
    slug: 'pu-erh-for-beginners', category: 'tea', daysAgo: 8, products: [1014, 1057],
    title: ['Pu-erh for beginners', '普洱入门'],
    summary: ['How to break a tea cake and brew it.', '如何撬茶饼、如何冲泡。'],
    body: [
      `<p>Loosen a few leaves from the <a href="/store/product/1014">Pu-erh cake</a> with a knife, rinse them once, and brew in a <a href="/store/product/1057">cast iron teapot</a>.</p>`,
      `<p>用茶刀从<a href="/store/product/1014">普洱茶饼</a>上撬下少许，洗茶一次，再用<a href="/store/product/1057">铸铁茶壶</a>冲泡。</p>`,
    ],
  },
  {
    slug: 'mid-autumn-gift-guide', category: 'recipes', daysAgo: null, products: [1026],
    title: ['Mid-Autumn gift guide (draft)', '中秋送礼指南（草稿）'],
    summary: ['Not published yet.', '尚未发布。'],
    body: ['<p>Draft.</p>', '<p>草稿。</p>'],
  },
];

export async function seedBlog(q: Queryable, now = Date.now()): Promise<void> {
  for (const [i, c] of blogCategories.entries()) {
    await q.query('INSERT INTO blog_categories (name, name_en, name_zh, sort) VALUES ($1,$2,$3,$4) ON CONFLICT (name) DO NOTHING', [c.name, c.en, c.zh, i]);
  }
  for (const p of blogPosts) {
    await q.query(
      `INSERT INTO blog_posts (slug, category, title_en, title_zh, summary_en, summary_zh, body_en, body_zh, cover, product_ids, published_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10::jsonb,$11) ON CONFLICT (slug) DO NOTHING`,
      [p.slug, p.category, p.title[0], p.title[1], p.summary[0], p.summary[1], p.body[0], p.body[1], `blog-${p.slug}.svg`,
        JSON.stringify(p.products.map(String)), p.daysAgo === null ? null : new Date(now - p.daysAgo * DAY).toISOString()],
    );
  }
}
