/** The demo catalogue: bilingual products over seven categories, generated deterministically. */
import type { ProductOption } from '../../../contract/catalog.ts';

export const categories = [
  { name: 'Coffee', zh: '咖啡', image: 'category-coffee.svg' },
  { name: 'Tea', zh: '茶', image: 'category-tea.svg' },
  { name: 'Bakery', zh: '烘焙', image: 'category-bakery.svg' },
  { name: 'Snacks', zh: '零食', image: 'category-snacks.svg' },
  { name: 'Apparel', zh: '服饰', image: 'category-apparel.svg' },
  { name: 'Home & Kitchen', zh: '家居厨房', image: 'category-home-kitchen.svg' },
  { name: 'Add-ons', zh: '加购', image: 'category-add-ons.svg' },
];

export const brands = [
  { name: 'Maple Roasters', zh: '枫叶烘焙坊' },
  { name: 'Jade Leaf', zh: '翠叶' },
  { name: 'Northern Oven', zh: '北境烤炉' },
  { name: 'Harbour Snacks', zh: '港湾零食' },
  { name: 'Panda Threads', zh: '熊猫织造' },
  { name: 'Lakeside Goods', zh: '湖畔良品' },
];

const SIZE: ProductOption = {
  name: 'size',
  nameContent: { en: 'Size', zh: '尺码' },
  values: [
    { value: 'S', label: { en: 'Small', zh: '小号' } },
    { value: 'M', label: { en: 'Medium', zh: '中号' } },
    { value: 'L', label: { en: 'Large', zh: '大号' } },
    { value: 'XL', label: { en: 'Extra large', zh: '加大号' } },
  ],
};
const COLOR: ProductOption = {
  name: 'color',
  nameContent: { en: 'Colour', zh: '颜色' },
  values: [
    { value: 'Black', label: { en: 'Black', zh: '黑色' } },
    { value: 'White', label: { en: 'White', zh: '白色' } },
    { value: 'Red', label: { en: 'Red', zh: '红色' } },
  ],
};
const COLOR_MUG: ProductOption = {
  name: 'color',
  nameContent: { en: 'Colour', zh: '颜色' },
  values: [
    { value: 'Blue', label: { en: 'Blue', zh: '蓝色' } },
    { value: 'Green', label: { en: 'Green', zh: '绿色' } },
  ],
};
const GRIND: ProductOption = {
  name: 'grind',
  nameContent: { en: 'Grind', zh: '研磨' },
  values: [
    { value: 'Whole bean', label: { en: 'Whole bean', zh: '咖啡豆' } },
    { value: 'Espresso', label: { en: 'Espresso grind', zh: '意式研磨' } },
    { value: 'Filter', label: { en: 'Filter grind', zh: '滴滤研磨' } },
  ],
};

type Row = [en: string, zh: string, price: number, brand: string, tags: string[], extra?: {
  options?: ProductOption[]; clearance?: number; soldOut?: boolean; stock?: number;
}];

const rows: Record<string, Row[]> = {
  Coffee: [
    ['House Blend Coffee Beans 340g', '招牌混合咖啡豆 340克', 1699, 'Maple Roasters', ['bestseller'], { options: [GRIND] }],
    ['Ethiopia Yirgacheffe 250g', '埃塞俄比亚耶加雪菲 250克', 2199, 'Maple Roasters', ['new', 'organic'], { options: [GRIND] }],
    ['Colombia Supremo 340g', '哥伦比亚特级 340克', 1899, 'Maple Roasters', [], {}],
    ['Dark Roast Espresso 1kg', '深烘意式咖啡 1公斤', 3999, 'Maple Roasters', ['bestseller'], {}],
    ['Decaf Swiss Water 340g', '瑞士水处理低因咖啡 340克', 1799, 'Maple Roasters', [], { clearance: 2299 }],
    ['Cold Brew Concentrate 1L', '冷萃咖啡浓缩液 1升', 1299, 'Maple Roasters', ['new'], {}],
    ['Single Origin Sampler', '单一产地咖啡品鉴装', 2999, 'Maple Roasters', ['gift'], { soldOut: true }],
    ['Instant Coffee Sticks x20', '速溶咖啡条 20支', 899, 'Harbour Snacks', [], {}],
    ['Maple Latte Syrup', '枫糖拿铁糖浆', 1099, 'Lakeside Goods', ['new'], {}],
    ['Guatemala Antigua 340g', '危地马拉安提瓜 340克', 1999, 'Maple Roasters', ['organic'], { clearance: 2499 }],
  ],
  Tea: [
    ['West Lake Longjing 100g', '西湖龙井 100克', 3299, 'Jade Leaf', ['bestseller', 'organic'], {}],
    ['Tieguanyin Oolong 100g', '铁观音乌龙茶 100克', 2599, 'Jade Leaf', [], {}],
    ['Jasmine Pearls 80g', '茉莉龙珠 80克', 2199, 'Jade Leaf', ['new'], {}],
    ['Pu-erh Cake 357g', '普洱茶饼 357克', 5899, 'Jade Leaf', ['gift'], {}],
    ['English Breakfast 50 bags', '英式早餐茶 50包', 999, 'Lakeside Goods', [], {}],
    ['Matcha Powder 30g', '抹茶粉 30克', 2499, 'Jade Leaf', ['organic'], { clearance: 2999 }],
    ['Chrysanthemum Tea 60g', '菊花茶 60克', 1199, 'Jade Leaf', [], {}],
    ['Earl Grey Loose Leaf 100g', '伯爵红茶散茶 100克', 1399, 'Lakeside Goods', [], { soldOut: true }],
    ['Ginger Honey Tea', '姜汁蜂蜜茶', 1499, 'Jade Leaf', ['new'], {}],
    ['Tea Gift Box', '茶叶礼盒', 6899, 'Jade Leaf', ['gift', 'bestseller'], {}],
  ],
  Bakery: [
    ['Butter Croissant 4-pack', '黄油牛角包 4个装', 899, 'Northern Oven', ['bestseller'], {}],
    ['Sourdough Loaf', '酸种面包', 799, 'Northern Oven', [], {}],
    ['Egg Tarts 6-pack', '葡式蛋挞 6个装', 1099, 'Northern Oven', ['bestseller'], {}],
    ['Red Bean Buns 4-pack', '红豆包 4个装', 699, 'Northern Oven', [], {}],
    ['Matcha Swiss Roll', '抹茶瑞士卷', 1299, 'Northern Oven', ['new'], {}],
    ['Mooncake Gift Set', '月饼礼盒', 4599, 'Northern Oven', ['gift'], { clearance: 5999 }],
    ['Maple Butter Tarts 6-pack', '枫糖黄油挞 6个装', 1199, 'Northern Oven', [], {}],
    ['Pineapple Buns 4-pack', '菠萝包 4个装', 749, 'Northern Oven', [], { soldOut: true }],
    ['Banana Bread', '香蕉面包', 899, 'Northern Oven', ['organic'], {}],
  ],
  Snacks: [
    ['Spicy Peanuts 200g', '麻辣花生 200克', 599, 'Harbour Snacks', ['spicy'], {}],
    ['Seaweed Crisps 6-pack', '海苔脆片 6包', 799, 'Harbour Snacks', ['bestseller'], {}],
    ['Maple Cookies 300g', '枫糖饼干 300克', 1099, 'Lakeside Goods', ['gift'], {}],
    ['Dried Mango 250g', '芒果干 250克', 899, 'Harbour Snacks', ['organic'], {}],
    ['White Rabbit Candy 180g', '大白兔奶糖 180克', 499, 'Harbour Snacks', [], {}],
    ['Spicy Beef Jerky 100g', '麻辣牛肉干 100克', 1299, 'Harbour Snacks', ['spicy', 'new'], {}],
    ['Rice Crackers 150g', '米饼 150克', 449, 'Harbour Snacks', [], { clearance: 599 }],
    ['Salted Egg Chips 120g', '咸蛋黄薯片 120克', 699, 'Harbour Snacks', ['new'], {}],
    ['Trail Mix 400g', '什锦坚果 400克', 1199, 'Lakeside Goods', [], {}],
  ],
  Apparel: [
    ['Logo T-Shirt', '标志T恤', 2999, 'Panda Threads', ['bestseller'], { options: [SIZE, COLOR] }],
    ['Panda Hoodie', '熊猫连帽卫衣', 5999, 'Panda Threads', ['new'], { options: [SIZE, COLOR] }],
    ['Barista Apron', '咖啡师围裙', 3499, 'Panda Threads', [], { options: [COLOR] }],
    ['Knit Beanie', '针织毛线帽', 1999, 'Panda Threads', [], { options: [COLOR], clearance: 2499 }],
    ['Canvas Tote Bag', '帆布托特包', 1499, 'Panda Threads', ['gift'], {}],
    ['Crew Socks 3-pack', '中筒袜 3双装', 1299, 'Panda Threads', [], { options: [SIZE] }],
    ['Rain Jacket', '防雨夹克', 8999, 'Panda Threads', ['new'], { options: [SIZE], clearance: 11999 }],
    ['Baseball Cap', '棒球帽', 2299, 'Panda Threads', [], { options: [COLOR] }],
    ['Linen Shirt', '亚麻衬衫', 4999, 'Panda Threads', [], { options: [SIZE, COLOR], soldOut: true }],
    ['Fleece Scarf', '摇粒绒围巾', 2499, 'Panda Threads', ['gift'], {}],
  ],
  'Home & Kitchen': [
    ['Ceramic Mug 350ml', '陶瓷马克杯 350毫升', 1599, 'Lakeside Goods', ['bestseller'], { options: [COLOR_MUG] }],
    ['Pour-over Kettle', '手冲壶', 4999, 'Lakeside Goods', [], {}],
    ['Gaiwan Tea Set', '盖碗茶具套装', 5499, 'Jade Leaf', ['gift'], {}],
    ['French Press 1L', '法压壶 1升', 3499, 'Lakeside Goods', [], { clearance: 4499 }],
    ['Bamboo Steamer', '竹蒸笼', 2799, 'Lakeside Goods', [], {}],
    ['Travel Tumbler', '随行保温杯', 2999, 'Lakeside Goods', ['new'], { options: [COLOR_MUG] }],
    ['Burr Coffee Grinder', '磨豆机', 8999, 'Lakeside Goods', [], { soldOut: true }],
    ['Chopsticks Set of 5', '筷子五双装', 1299, 'Lakeside Goods', ['gift'], {}],
    ['Cast Iron Teapot', '铸铁茶壶', 6999, 'Jade Leaf', [], {}],
    ['Scented Candle', '香薰蜡烛', 1899, 'Lakeside Goods', ['new'], {}],
  ],
  'Add-ons': [
    ['Extra Espresso Shot', '加一份浓缩', 150, 'Maple Roasters', ['addon', 'for:coffee'], { stock: 500 }],
    ['Gift Wrapping', '礼品包装', 500, 'Lakeside Goods', ['addon'], { stock: 500 }],
    ['Greeting Card', '贺卡', 399, 'Lakeside Goods', ['addon', 'gift'], { stock: 200 }],
    ['Reusable Bag', '环保购物袋', 99, 'Lakeside Goods', ['addon'], { stock: 1000 }],
    ['Oat Milk Upgrade', '燕麦奶升级', 75, 'Maple Roasters', ['addon', 'for:coffee', 'for:tea'], { stock: 500 }],
  ],
};

const slug = (s: string) => s.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);

/** Deterministic PRNG so every fresh database gets the same stock. */
function prng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

export interface SeedProduct {
  nameEn: string; nameZh: string; descEn: string; descZh: string; category: string; brand: string;
  tags: string[]; clearance: boolean; price: number; listPrice: number | null; images: string[];
  options: ProductOption[]; stock: Record<string, number>; hoursAgo: number;
}

const blurbs: Record<string, [string, string]> = {
  Coffee: ['Roasted in small batches and shipped within days of roasting.', '小批量烘焙，烘焙后数日内发货。'],
  Tea: ['Hand-picked leaves from family gardens.', '精选家庭茶园手采茶叶。'],
  Bakery: ['Baked fresh every morning in our own kitchen.', '每天早晨在自家厨房新鲜烘焙。'],
  Snacks: ['A favourite for movie nights and road trips.', '电影之夜和公路旅行的最爱。'],
  Apparel: ['Soft, durable and made to last.', '柔软耐穿，经久耐用。'],
  'Home & Kitchen': ['Everyday pieces for a calmer kitchen.', '让厨房更从容的日常好物。'],
  'Add-ons': ['Add it to your order at checkout.', '结账时加入您的订单。'],
};

export function seedProducts(allPairs: (o: ProductOption[]) => string[]): SeedProduct[] {
  const rand = prng(20240601);
  const out: SeedProduct[] = [];
  let i = 0;
  for (const [category, list] of Object.entries(rows)) {
    for (const [en, zh, price, brand, tags, extra = {}] of list) {
      const options = extra.options ?? [];
      const stock: Record<string, number> = {};
      for (const pair of allPairs(options)) {
        let n = extra.stock ?? Math.floor(rand() * 25);
        if (!extra.stock && options.length && rand() < 0.2) n = 0; // some options sold out
        if (!options.length && !extra.stock && n < 3) n += 5;
        stock[pair] = extra.soldOut ? 0 : n;
      }
      // every optioned product that is not sold out keeps at least one option in stock
      if (!extra.soldOut && Object.values(stock).every((n) => n === 0)) stock[Object.keys(stock)[0]] = 4;
      const s = slug(en);
      out.push({
        nameEn: en,
        nameZh: zh,
        descEn: `${en} by ${brand}. ${blurbs[category][0]}`,
        descZh: `${zh}，${blurbs[category][1]}`,
        category,
        brand,
        tags: extra.clearance ? [...tags, 'sale'] : tags,
        clearance: !!extra.clearance,
        price,
        listPrice: extra.clearance ?? null,
        images: [`${s}.svg`, `${s}-2.svg`],
        options,
        stock,
        hoursAgo: i * 7 + 3,
      });
      i++;
    }
  }
  return out;
}
