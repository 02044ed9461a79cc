/**
 * The mini-programs as a phone would run them (tests/miniprogram/runtime.mjs on the bench's own builds, against the
 * demo server): the time from launch to the home page's products, and the setData calls and bytes of the home page's
 * first render, of the product page's first render and of adding to cart (WeChat's guidance: few calls, small
 * payloads, none over 256 KB).
 */
import { launch } from '../../tests/miniprogram/runtime.mjs'
import { storeOutput } from './build.mjs'

/** WeChat's performance guidance: one setData should stay under 256 KB (the hard limit is 1 MB). */
export const SET_DATA_ADVICE_BYTES = 256 * 1024
const PRODUCT = 'House Blend Coffee Beans 340g'
const PRODUCT_PAGE = 'packages/store/pages/product/index'

function summarise(log) {
  return { calls: log.length, bytes: log.reduce((n, e) => n + e.bytes, 0), largest: log.reduce((n, e) => Math.max(n, e.bytes), 0) }
}

async function measure(kind, baseUrl, dist) {
  const mp = launch({ kind, dist, serverUrl: baseUrl })
  try {
    const since = () => {
      const start = mp.setDataLog.length
      return () => summarise(mp.setDataLog.slice(start))
    }
    const homeRender = since()
    await mp.waitForText(PRODUCT, { timeout: 60_000 })
    const launchToProductsMs = Math.round(performance.now() - mp.launchedAt)
    const home = homeRender()

    const productRender = since()
    mp.tap(PRODUCT)
    await mp.waitForPage(PRODUCT_PAGE)
    await mp.waitForText('Whole bean')
    const product = productRender()

    mp.tap('Whole bean')
    await mp.waitForText('in stock')
    const adding = since()
    mp.tap('Add to cart')
    await mp.waitFor(() => mp.textsOf('tab-bar__badge')[0] === '1', { what: 'the cart badge to show 1' })
    const addToCart = adding()
    if (mp.errors.length || mp.refusals.length) {
      throw new Error(`${kind}: ${[...mp.errors.map((e) => String(e.error)), ...mp.refusals.map((r) => `${r.kind} ${r.detail}`)].join('; ')}`)
    }
    return { launchToProductsMs, setData: { home, product, addToCart } }
  } finally {
    mp.close()
  }
}

/** `distOf(kind)`: the build to run (the bench's own snapshot by default). */
export async function miniProgramRuntime(baseUrl, distOf = storeOutput) {
  return { weapp: await measure('weapp', baseUrl, distOf('weapp')), alipay: await measure('alipay', baseUrl, distOf('alipay')) }
}
