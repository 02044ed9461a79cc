/**
 * The pages the benchmark audits (every page a shopper lands on, issue 16), with what they need from the running
 * server: a category for the product list, a product for the product page, a group campaign, a blog post, a guest
 * cart holding that product for the cart page and the demo shopper's session for my account (the session cookies are
 * handed to the browser, so the cart page shows a real line and my account the shopper's own page).
 */
const API = '/api/istore/client'

async function json(res) {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`)
  return res.json()
}

function cookiesOf(res, into = new Map()) {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';')
    const eq = pair.indexOf('=')
    into.set(pair.slice(0, eq), pair.slice(eq + 1))
  }
  return into
}

const cookieHeader = (cookies) => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ')

/** A fresh session (its XSRF cookie from a first GET) that POSTs `body` to `path`; its cookies afterwards. */
async function sessionAfterPost(baseUrl, path, body) {
  const first = await fetch(`${baseUrl}${API}/common3/appInfoInit`)
  await first.arrayBuffer()
  const cookies = cookiesOf(first)
  const res = await fetch(`${baseUrl}${API}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieHeader(cookies), 'x-xsrf-token': cookies.get('XSRF-TOKEN') },
    body: JSON.stringify(body)
  })
  cookiesOf(res, cookies)
  await json(res)
  return [...cookies].map(([name, value]) => ({ name, value }))
}

/** The demo shopper of the seed (server/src/seed/index.ts). */
const DEMO = { emailID: 'demo@istore.test', password: 'demopass123' }

export async function auditedPages(baseUrl) {
  const { categories } = await json(await fetch(`${baseUrl}${API}/productManagement/categories`))
  const category = categories[0].name
  const { products } = await json(await fetch(`${baseUrl}${API}/productManagement2/products?categoryName=${encodeURIComponent(category)}&numberToLoad=12`))
  const product = products.find((p) => p.options.length === 0 && !p.soldOut) ?? products[0]

  const { campaigns } = await json(await fetch(`${baseUrl}${API}/common3/campaign/fissionList`))
  const { posts } = await json(await fetch(`${baseUrl}${API}/common3/blog/posts?numberToLoad=1`))
  if (!campaigns.length || !posts.length) throw new Error('the demo seed has no group campaign or no blog post to audit')
  const cartCookies = await sessionAfterPost(baseUrl, '/shoppingManagement4/myCart', { productId: product.id, quantity: 1 })
  const accountCookies = await sessionAfterPost(baseUrl, '/common3/signon', DEMO)

  return {
    pages: [
      { name: 'home', path: '/' },
      { name: 'product list', path: `/store/productlist?cat=${encodeURIComponent(category)}` },
      { name: 'product page', path: `/store/product/${product.id}` },
      { name: 'cart', path: '/checkout/cart', cookies: cartCookies },
      { name: 'campaign page', path: `/store/groupCampaign/${encodeURIComponent(campaigns[0].id)}` },
      { name: 'blog post', path: `/blog/${encodeURIComponent(posts[0].slug)}` },
      { name: 'live rooms', path: '/wechatlivestreamrooms' },
      { name: 'my account', path: '/user/list', cookies: accountCookies }
    ]
  }
}
