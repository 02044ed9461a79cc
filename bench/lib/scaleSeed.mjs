/**
 * The scale bench's data (issue 26 item 4): 100,000 products and 1,000,000 orders written straight into PostgreSQL
 * with INSERT ... SELECT over generate_series (seconds, where the API would take hours). The server has already
 * migrated and seeded the demo store into this database; this grows it. Product names are built from word lists in both
 * languages, so a search term matches a realistic share of the catalogue (a noun about 1 in 40, a rare word 1 in 1,000s).
 */

/** English word → Chinese word; names are adjective + noun + size, with the same words in both languages. */
export const ADJECTIVES = [
  ['Organic', '有机'], ['Roasted', '烘焙'], ['Premium', '特级'], ['Classic', '经典'], ['Spiced', '香料'], ['Honey', '蜂蜜'],
  ['Smoked', '烟熏'], ['Golden', '金色'], ['Wild', '野生'], ['Fresh', '新鲜'], ['Aged', '陈年'], ['Crispy', '香脆'],
  ['Dark', '黑色'], ['Light', '清淡'], ['Sweet', '香甜'], ['Salted', '咸味'], ['Creamy', '奶香'], ['Mountain', '高山'],
  ['Island', '海岛'], ['Garden', '花园'], ['Imperial', '御品'], ['Rustic', '乡村'], ['Velvet', '丝绒'], ['Ruby', '红宝石']
]
export const NOUNS = [
  ['Coffee Beans', '咖啡豆'], ['Matcha Powder', '抹茶粉'], ['Oolong Tea', '乌龙茶'], ['Green Tea', '绿茶'], ['Black Tea', '红茶'],
  ['Almond Cookies', '杏仁饼干'], ['Butter Croissant', '黄油牛角包'], ['Mooncake', '月饼'], ['Rice Crackers', '米饼'],
  ['Sesame Candy', '芝麻糖'], ['Dried Mango', '芒果干'], ['Walnut Cake', '核桃蛋糕'], ['Jasmine Tea', '茉莉花茶'],
  ['Chili Sauce', '辣椒酱'], ['Soy Sauce', '酱油'], ['Rice Noodles', '米粉'], ['Egg Tart', '蛋挞'], ['Red Bean Paste', '红豆沙'],
  ['Pu-erh Tea', '普洱茶'], ['Chocolate Bar', '巧克力'], ['Hazelnut Spread', '榛子酱'], ['Peanut Brittle', '花生糖'],
  ['Pineapple Bun', '菠萝包'], ['Milk Tea', '奶茶'], ['Lotus Seeds', '莲子'], ['Goji Berries', '枸杞'], ['Ginger Candy', '姜糖'],
  ['Seaweed Snack', '海苔'], ['Pork Floss', '肉松'], ['Sunflower Seeds', '葵花籽'], ['Instant Noodles', '方便面'],
  ['Oat Biscuits', '燕麦饼干'], ['Plum Juice', '酸梅汤'], ['Coconut Water', '椰子水'], ['Maple Syrup', '枫糖浆'],
  ['Cold Brew', '冷萃咖啡'], ['Espresso Blend', '意式拼配'], ['Pour-over Kit', '手冲套装'], ['Ceramic Mug', '陶瓷杯'], ['Tea Set', '茶具']
]

const sqlArray = (values) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`

/** Grows the catalogue to `products` products (one stock row each) and the order book to `orders` settled orders. */
export async function seedScale(client, { products, orders, users, demoEmail, demoOrders }, log) {
  const started = performance.now()
  const since = () => `${((performance.now() - started) / 1000).toFixed(1)} s`
  const { rows: [{ n: existing }] } = await client.query('SELECT count(*)::int AS n FROM products')
  const adjEn = sqlArray(ADJECTIVES.map((a) => a[0]))
  const adjZh = sqlArray(ADJECTIVES.map((a) => a[1]))
  const nounEn = sqlArray(NOUNS.map((n) => n[0]))
  const nounZh = sqlArray(NOUNS.map((n) => n[1]))
  // adjective g % 24, noun (g / 24) % 40: every pair appears, each noun in 1 of 40 products, each brand and category
  // spread over all of them; created over the last ~3 years, older than the demo products.
  await client.query(
    `INSERT INTO products (name_en, name_zh, desc_en, desc_zh, category, brand, tags, price, images, created_at, sku)
     SELECT n.en, n.zh, n.en || ', from the bench catalogue.', n.zh || '，来自基准目录。', c.names[1 + g % array_length(c.names, 1)],
       b.names[1 + (g / 7) % array_length(b.names, 1)], jsonb_build_array(lower(split_part(n.noun, ' ', 1))),
       100 + (g * 37) % 9000, jsonb_build_array('bench-' || g || '.svg'), now() - interval '2 days' - make_interval(mins => g * 15), 'BENCH-' || g
     FROM generate_series(1, $1::int) AS g
     CROSS JOIN LATERAL (SELECT (${adjEn})[1 + g % ${ADJECTIVES.length}] || ' ' || (${nounEn})[1 + (g / ${ADJECTIVES.length}) % ${NOUNS.length}] || ' ' || (50 + g % 950) || 'g' AS en,
       (${adjZh})[1 + g % ${ADJECTIVES.length}] || (${nounZh})[1 + (g / ${ADJECTIVES.length}) % ${NOUNS.length}] || ' ' || (50 + g % 950) || '克' AS zh,
       (${nounEn})[1 + (g / ${ADJECTIVES.length}) % ${NOUNS.length}] AS noun) n
     CROSS JOIN (SELECT array_agg(name ORDER BY name) AS names FROM categories WHERE name <> 'Add-ons') c
     CROSS JOIN (SELECT array_agg(name ORDER BY name) AS names FROM brands) b`,
    [Math.max(0, products - existing)]
  )
  await client.query(`INSERT INTO variants (product_id, option_pair, stock)
    SELECT p.id, '', 5 + p.id % 50 FROM products p WHERE NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id)`)
  log(`products: ${products} (${since()})`)

  await client.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, my_id, created_at)
     SELECT 'bench-' || g || '@scale.test', 'no-password', 'Bench', 'Shopper ' || g, 'BENCH' || g, now() - interval '3 years'
     FROM generate_series(1, $1::int) AS g`,
    [users]
  )
  const { rows: [demo] } = await client.query('SELECT id FROM users WHERE email = $1', [demoEmail])
  const { rows: [range] } = await client.query(`SELECT min(id) AS lo, max(id) AS hi FROM users WHERE email LIKE 'bench-%@scale.test'`)
  // Every (orders / demoOrders)-th order is the demo shopper's, the rest spread over the bench shoppers; newest last.
  const every = Math.floor(orders / demoOrders)
  const { rows: [{ last: lastOrderBefore }] } = await client.query('SELECT coalesce(max(id), 0)::int AS last FROM orders')
  await client.query(
    `INSERT INTO orders (user_id, status, payment_status, method, local_store_id, local_store_name, contact, subtotal, discount, tip,
       tax, shipping, store_credit, total, currency, created_at, updated_at, settled_at)
     SELECT CASE WHEN g % $2::int = 0 THEN $3::int ELSE $4::int + g % ($5::int - $4::int + 1) END,
       CASE WHEN g % 5 = 0 THEN 'NEW' ELSE 'COMPLETED' END, 'PAID_ONLINE', 'PICKUP', 'TOR-DT', 'Downtown Toronto',
       '{"firstName":"Bench","lastName":"Shopper","email":"bench@scale.test","phone":"416-555-0100"}'::jsonb,
       2000, 0, 0, 260, 0, 0, 2260, 'CAD', t, t, t
     FROM generate_series(1, $1::int) AS g, LATERAL (SELECT now() - make_interval(secs => ($1::int - g) * 60) AS t) at`,
    [orders, every, demo.id, range.lo, range.hi]
  )
  log(`orders: ${orders} (${since()})`)
  // One line per new order, naming the k-th product by id (k = order id modulo the catalogue's size: a hash join).
  const { rows: [{ n: catalogue }] } = await client.query(`SELECT count(*)::int AS n FROM products WHERE product_type = 'PRODUCT'`)
  await client.query(
    `WITH p AS (SELECT id, name_en, name_zh, images->>0 AS image, price, row_number() OVER (ORDER BY id) - 1 AS k
                FROM products WHERE product_type = 'PRODUCT')
     INSERT INTO order_lines (order_id, line_no, item_key, product_id, name_en, name_zh, image, option_pair, quantity, unit_price, line_total, add_on)
     SELECT o.id, 1, p.id::text, p.id, p.name_en, p.name_zh, p.image, '', 1, p.price, p.price, false
     FROM orders o JOIN p ON p.k = o.id % $1::int WHERE o.id > $2::int`,
    [catalogue, lastOrderBefore]
  )
  log(`order lines (${since()})`)
  await client.query('ANALYZE')
  log(`analyzed (${since()})`)
  return { seconds: Number(((performance.now() - started) / 1000).toFixed(1)), demoUserId: demo.id }
}
