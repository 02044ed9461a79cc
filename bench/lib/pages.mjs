/**
 * The pages the benchmark audits, with what they need from the running server: a category for the
 * product list, a product for the product page, and a guest cart holding that product for the cart
 * page (the session cookies are handed to the browser, so the cart page shows a real line).
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

export async function auditedPages(baseUrl) {
  const { categories } = await json(await fetch(`${baseUrl}${API}/productManagement/categories`))
  const category = categories[0].name
  const { products } = await json(await fetch(`${baseUrl}${API}/productManagement2/products?categoryName=${encodeURIComponent(category)}&numberToLoad=12`))
  const product = products.find((p) => p.options.length === 0 && !p.soldOut) ?? products[0]

  const first = await fetch(`${baseUrl}${API}/common3/appInfoInit`)
  await first.arrayBuffer()
  const cookies = cookiesOf(first)
  const add = await fetch(`${baseUrl}${API}/shoppingManagement4/myCart`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': cookies.get('XSRF-TOKEN')
    },
    body: JSON.stringify({ productId: product.id, quantity: 1 })
  })
  cookiesOf(add, cookies)
  await json(add)

  return {
    pages: [
      { name: 'home', path: '/' },
      { name: 'product list', path: `/store/productlist?cat=${encodeURIComponent(category)}` },
      { name: 'product page', path: `/store/product/${product.id}` },
      { name: 'cart', path: '/checkout/cart', withCart: true }
    ],
    cartCookies: [...cookies].map(([name, value]) => ({ name, value }))
  }
}
