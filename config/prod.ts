import type { UserConfigExport } from '@tarojs/cli'
import type { RuntimeCaching } from 'workbox-build'
import { writeFileSync } from 'fs'
import HtmlWebpackPlugin from 'html-webpack-plugin'
import MiniCssExtractPlugin from 'mini-css-extract-plugin'
import type { Compilation, Compiler } from 'webpack'
import { GenerateSW } from 'workbox-webpack-plugin'

/**
 * Production builds. For H5 this is where the app becomes an installable PWA: the web app manifest
 * and its icons are copied into the output, and Workbox generates the service worker. Development
 * builds get neither, so a stale worker never hides a code change while someone is working.
 */
const h5 = process.env.TARO_ENV === 'h5'

/**
 * ISTORE_BUNDLE_STATS=file writes webpack's stats (chunks and the modules in each) there, for
 * `node bench/first-load-modules.mjs`: what the first load carries, by module, before guessing.
 */
const statsFile = process.env.ISTORE_BUNDLE_STATS

/** Registers the worker after the page has loaded, so it never competes with first paint. */
const REGISTER_SERVICE_WORKER =
  ";'serviceWorker' in navigator&&window.addEventListener('load',function(){navigator.serviceWorker.register('/sw.js').catch(function(e){console.error('Service worker registration failed',e)})});"

/**
 * Taro's root font size script sizes the rem from min(width, height) of the document's box. While a page is shorter
 * than the screen is wide (the spinner, the first render) that height wins: a phone got a 20 px rem, then the full one
 * half a second after the next resize, and every box on the page grew and moved (Lighthouse CLS 0.04-0.08 on every
 * page). The layout viewport's width alone is what the design width means; the same bounds apply.
 */
const TARO_REM_MEASURE =
  'r=e.getBoundingClientRect(),width=r.width,height=r.height,arr=[width,height].filter(function(value){return Boolean(value)}),w=Math.min.apply(Math,arr)'
function remFromViewportWidth(script: string): string {
  if (!script.includes(TARO_REM_MEASURE)) throw new Error("config/prod.ts: Taro's rem script changed; check remFromViewportWidth")
  return script.replace(TARO_REM_MEASURE, 'w=e.clientWidth')
}

/** The server's own paths: API calls and payment-provider returns must never get the app shell instead. */
const SERVER_PATHS = [/^\/api\//]

/**
 * What the worker does with requests (first match wins). Catalogue reads are shown from cache at once
 * and refreshed behind the scenes; blog posts, lists and categories are read the same way, so a post read once can be
 * read again offline. App info carries the session (signed-in user, locale, store) and
 * inventory the live stock, so those are always asked of the network first and the cache only
 * answers offline. Every other API call (cart, account, checkout, payment, admin) goes to the
 * network only, so nothing personal or transactional is ever answered from a cache.
 */
const runtimeCaching: RuntimeCaching[] = [
  {
    urlPattern: ({ request }) => request.destination === 'image',
    handler: 'CacheFirst',
    options: {
      cacheName: 'images',
      expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 },
      // Opaque (status 0) responses are cross-origin CDN images; they are cached too, but bounded above.
      cacheableResponse: { statuses: [0, 200] }
    }
  },
  {
    urlPattern: /\/api\/istore\/client\/(common3\/appInfoInit|inventoryManagement\/[^?]*)(\?|$)/,
    handler: 'NetworkFirst',
    options: {
      cacheName: 'live',
      expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 },
      cacheableResponse: { statuses: [200] }
    }
  },
  {
    urlPattern:
      /\/api\/istore\/client\/(productManagement[^?]*|common3\/(pageContent|sectionTemplateByType|exchangeRates|blog\/)[^?]*)(\?|$)/,
    handler: 'StaleWhileRevalidate',
    options: {
      cacheName: 'catalogue',
      expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 60 * 60 },
      cacheableResponse: { statuses: [200] }
    }
  },
  {
    urlPattern: /\/api\//,
    handler: 'NetworkOnly'
  }
]

class BundleStats {
  constructor(private readonly file: string) {}
  apply(compiler: Compiler) {
    compiler.hooks.done.tap('BundleStats', (stats) => {
      const json = stats.toJson({ all: false, chunks: true, chunkModules: true, ids: true, nestedModules: true, dependentModules: true, orphanModules: true, modulesSpace: Infinity, nestedModulesSpace: Infinity, chunkModulesSpace: Infinity, cachedModules: true })
      writeFileSync(this.file, JSON.stringify(json))
    })
  }
}

/**
 * index.html names only the app's own scripts; each page's chunks were requested only once app.js had
 * run, one more round trip before anything could render. This preloads, from the HTML head, the
 * chunks the home page loads: those every page shares (shell, Taro components) always, the home
 * page's own ones (a small inline check) only when the URL is the home page.
 */
class PreloadRouteChunks {
  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap('PreloadRouteChunks', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadRouteChunks', (data) => {
        const { shared, homeOnly } = routeChunkFiles(compilation)
        const publicPath = String(compilation.outputOptions.publicPath ?? '/')
        const link = (file: string) => ({
          tagName: 'link',
          voidTag: true,
          attributes: { rel: 'preload', href: `${publicPath}${file}`, as: file.endsWith('.css') ? 'style' : 'script' },
          meta: { plugin: 'PreloadRouteChunks' }
        })
        const homeLinks = homeOnly.map((file) => [publicPath + file, file.endsWith('.css') ? 'style' : 'script'])
        const homeScript = {
          tagName: 'script',
          voidTag: false,
          attributes: {},
          innerHTML: `/^\\/(home|main)?$/.test(location.pathname)&&${JSON.stringify(homeLinks)}.forEach(function(f){var l=document.createElement('link');l.rel='preload';l.href=f[0];l.as=f[1];document.head.appendChild(l)})`,
          meta: { plugin: 'PreloadRouteChunks' }
        }
        data.headTags.unshift(...shared.map(link), ...(homeLinks.length ? [homeScript] : []))
        return data
      })
    })
  }
}

/** Files of the home page's lazy chunks: those other pages load too, and those only it loads. */
function routeChunkFiles(compilation: Compilation): { shared: string[]; homeOnly: string[] } {
  const pageGroups = [...compilation.chunkGroups].filter((group) =>
    group.origins.some((origin) => /[\\/](pages|packages)[\\/].*index/.test(origin.request ?? ''))
  )
  const home = pageGroups.find((group) => group.origins.some((origin) => /pages[\\/]home[\\/]index/.test(origin.request ?? '')))
  if (!home) return { shared: [], homeOnly: [] }
  const shared: string[] = []
  const homeOnly: string[] = []
  for (const chunk of home.chunks) {
    if (chunk.canBeInitial()) continue
    const files = [...chunk.files].filter((file) => /\.(js|css)$/.test(file))
    const usedElsewhere = pageGroups.some((group) => group !== home && group.chunks.includes(chunk))
    ;(usedElsewhere ? shared : homeOnly).push(...files)
  }
  return { shared, homeOnly }
}

const pwa: UserConfigExport<'webpack5'> = {
  copy: {
    patterns: [
      { from: 'src/manifest.webmanifest', to: 'dist/h5/manifest.webmanifest' },
      { from: 'src/assets/icons/', to: 'dist/h5/icons/' },
      // Without it the server's SPA fallback would answer /robots.txt with the app's HTML.
      { from: 'src/robots.txt', to: 'dist/h5/robots.txt' }
    ],
    options: {}
  },
  h5: {
    webpackChain(chain) {
      // Taro splits only the initial chunks, so every lazy page chunk repeated the shell and the
      // components it uses (about 300 KB each); shared code now goes to chunks fetched once, none
      // smaller than 20 KB (webpack's default) so a page does not wait on a swarm of tiny files.
      chain.optimization.splitChunks({ ...chain.optimization.get('splitChunks'), chunks: 'all', minSize: 20_000 })
      // Taro's own stylesheets (its components' 13 KB, their icon font's, the router's html/body rules) went through
      // style-loader even in production: strings in the first-load JavaScript, put into <style> elements at the head's
      // top when that JavaScript ran, after the server-written first screen had painted, so the whole page's style
      // was worked out again then. Extracted like the app's own, they open css/app.*.css (linked in the head, Taro's
      // rules before the app's, so the app's still win) and are in place before the first paint.
      chain.module.rule('taroStyle').uses.clear()
      chain.module.rule('taroStyle').use('extractCss').loader(MiniCssExtractPlugin.loader)
      if (statsFile) chain.plugin('bundleStats').use(BundleStats, [statsFile])
      chain.plugin('preloadRouteChunks').use(PreloadRouteChunks)
      chain.plugin('htmlWebpackPlugin').tap(([options]) => [
        { ...options, script: `${remFromViewportWidth(options.script ?? '')}${REGISTER_SERVICE_WORKER}` }
      ])
      chain.plugin('workbox').use(GenerateSW, [
        {
          swDest: 'sw.js',
          clientsClaim: true,
          skipWaiting: true,
          cleanupOutdatedCaches: true,
          // The SPA's spec URLs (/store/product/12, /checkout/cart...) all open the app shell offline.
          navigateFallback: '/index.html',
          navigateFallbackDenylist: SERVER_PATHS,
          exclude: [/\.map$/, /\.LICENSE\.txt$/],
          runtimeCaching
        }
      ])
    }
  }
}

/**
 * Mini-program production builds. Taro's own terser settings for the mini-programs switch most of terser's compression
 * off (inlining, collapsing and reducing variables, arrows...) and escape every non-ASCII character, so each Chinese
 * character of a text cost 6 bytes (\uXXXX) instead of UTF-8's 3. Terser's defaults are back here (as webpack uses
 * them for the web), in two passes, for ES2020 like the rest of the build (browserslist: Chrome 100, iOS 15), with
 * UTF-8 strings: the main package of both mini-programs is held to 1.3× Taro's hello world (issue 16).
 */
const MINI_TERSER = {
  compress: {
    ecma: 2020,
    passes: 2,
    arrows: true,
    collapse_vars: true,
    comparisons: true,
    computed_props: true,
    hoist_props: true,
    inline: true,
    loops: true,
    negate_iife: true,
    properties: true,
    reduce_funcs: true,
    reduce_vars: true,
    switches: true,
    typeofs: true
  },
  output: { ecma: 2020, comments: false, ascii_only: false }
}

/** webpack's stats on request (ISTORE_BUNDLE_STATS; bench/lib/mainBytes.mjs reads them). */
const mini: UserConfigExport<'webpack5'> = {
  terser: { enable: true, config: MINI_TERSER },
  mini: {
    webpackChain(chain) {
      if (statsFile) chain.plugin('bundleStats').use(BundleStats, [statsFile])
    }
  }
}

export default (h5 ? pwa : mini) satisfies UserConfigExport<'webpack5'>
