import { createHash } from 'crypto'
import path from 'path'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import { createSwcRegister } from '@tarojs/helper'
import TsconfigPathsPlugin from 'tsconfig-paths-webpack-plugin'
import webpack from 'webpack'
import { apiOriginFor } from './apiOrigin'
import { livePlayerVersion } from './livePlayer'
import devConfig from './dev'
import prodConfig from './prod'

/** Code the app and the server both run (../shared): routes, first-screen rules, shell texts. */
const sharedDir = path.resolve(__dirname, '..', 'shared')
// Taro only compiles config/ on the fly; the route table lives in shared/, so register it too.
createSwcRegister({ only: [(file: string) => file.startsWith(sharedDir + path.sep)] })
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { customRoutes } = require('../shared/routes') as typeof import('../shared/routes')

/**
 * The shared API contract (../contract): the app imports its types (erased) and its small constants module. It and
 * shared/ lie outside src/, so Taro's script rule compiles them only when listed (compile.include below).
 */
const contractDir = path.resolve(__dirname, '..', 'contract')

/** H5: the largest root font size (CSS px) Taro's rem script sets, reached at 450 px wide (h5.postcss.pxtransform). */
const DESKTOP_ROOT_SIZE = 24

/** API origin for the mini-programs (they have no "same origin"); H5 defaults to its own origin. */
const apiOrigin = apiOriginFor(process.env)

export default defineConfig<'webpack5'>(async (merge) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'istore-storefront',
    date: '2026-11-22',
    designWidth: 750,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    outputRoot: `dist/${process.env.TARO_ENV}`,
    plugins: [],
    defineConstants: {
      ISTORE_API_ORIGIN: JSON.stringify(apiOrigin),
      ISTORE_WECHAT_LIVE_PLAYER: JSON.stringify(livePlayerVersion(process.env))
    },
    alias: {
      '@': path.resolve(__dirname, '..', 'src'),
      '@contract': contractDir,
      '@shared': sharedDir
    },
    copy: { patterns: [], options: {} },
    framework: 'react',
    compiler: 'webpack5',
    // H5 only. A mini-program rebuilt from webpack's cache after a source change came out with sub-package pages that
    // failed to load ("navigateTo:fail Cannot read properties of undefined (reading 'call')": a module the page needs
    // written to no file), seen five times on 2026-11-27, with and without moved files; deleting the cache fixed it each
    // time. Taro's mini-program split of modules into packages is not restored from the cache, so those builds start cold.
    // One cache per checkout: a second checkout (a git worktree) that links this one's node_modules shares
    // node_modules/.cache.
    cache: {
      enable: process.env.TARO_ENV === 'h5',
      name: `${process.env.NODE_ENV}-${process.env.TARO_ENV}-${createHash('sha256').update(path.resolve(__dirname, '..')).digest('hex').slice(0, 8)}`,
      // Taro's cache depends on config/ and app.config only: a change to the Babel config would reuse modules compiled
      // the old way.
      buildDependencies: { babel: [path.resolve(__dirname, '..', 'babel.config.js')] }
    },
    // WeChat's templates cannot recurse, so base.wxml repeats its node templates once per level (Taro's default 16)
    // and renders deeper nodes through a custom component each. The deepest page is 12 levels (cart, product page);
    // 14 keeps one level to spare and about 5.5 KB out of the main package. The mini-program runner reports any
    // node deeper than this (refusal 'template-depth'); raise it rather than let a page fall back.
    baseLevel: 14,
    mini: {
      compile: { include: [contractDir, sharedDir] },
      // Taro's innerHTML parser (an HTML scanner, a CSS parser and tag tables in taro.js) serves React's
      // dangerouslySetInnerHTML, which the store never uses: rich text is RichText's nodes or RichText.tsx's blocks.
      runtime: { enableInnerHTML: false },
      // No minifyXML: Taro's (html-minifier) drops the end tags of input and the like, which WeChat's template
      // compiler requires (tests/miniprogram: the view layer test), and lower-cases Alipay's onTap bindings.
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } }
      },
      webpackChain(chain) {
        chain.resolve.plugin('tsconfig-paths').use(TsconfigPathsPlugin)
        // Parts of Taro's runtime that the settings above switch off but its index still bundles (stubs in
        // src/platform/taroRuntime/): the innerHTML parser, re-exported by the runtime's index; the MutationObserver
        // implementation, to which every DOM change reports (no observer can exist with enableMutationObserver off).
        for (const [name, runtimeFile, stub] of [
          ['noHtmlParser', 'inner-html/parser.js', 'htmlParser.mini.js'],
          ['noMutationRecords', 'mutation-observer/implements.js', 'mutationRecords.mini.js']
        ]) {
          const pattern = new RegExp(`@tarojs/runtime/dist/dom-external/${runtimeFile}$`.replace(/\./g, '\\.').replace(/\//g, '[\\\\/]'))
          chain.plugin(name).use(webpack.NormalModuleReplacementPlugin, [pattern, path.resolve(__dirname, '..', 'src', 'platform', 'taroRuntime', stub)])
        }
      }
    },
    h5: {
      compile: { include: [contractDir, sharedDir] },
      publicPath: '/',
      // View, Text, Image... as Taro's plain HTML React components instead of web components: the first page's
      // render was mostly the web components' own work (Lighthouse TBT on home 1.4 -> 0.7 s). Button stays the web
      // component (src/components/taro/Button.ts).
      useHtmlComponents: true,
      staticDirectory: 'static',
      // Fonts stay files (Taro inlines those under 10 KB as base64 into the code that uses them): config/fontToFile.js.
      fontUrlLoaderOption: { limit: true, name: 'static/fonts/[name].[contenthash:8][ext]' },
      router: { mode: 'browser', customRoutes: customRoutes() },
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js'
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css'
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        // The root font size Taro's script (index.html) gives the page: 40 × width / 750, between minRootSize (20) and
        // maxRootSize. Taro's default cap, 40, drew every window 750 px or wider at a 750 px phone's size: a desktop at
        // 1.9× a 390 px phone, the header, menu and sandbox line a third of a 1366×768 screen (walkthrough 2026-12-01,
        // N-2). Capped at 24 px, every phone (up to 450 px wide: 430 px, the widest, gets 22.9) keeps its size, and a
        // wider window gets a 24 px root: 28 design px of body text are 16.8 px, as desktop shops set it. Layouts for
        // wide windows stay in the stylesheets' media queries (CSS px, not converted).
        pxtransform: { enable: true, config: { maxRootSize: DESKTOP_ROOT_SIZE } },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } }
      },
      webpackChain(chain) {
        chain.resolve.plugin('tsconfig-paths').use(TsconfigPathsPlugin)
        // Taro's H5 API module imports these at its top, so any Taro API the app calls brought all of
        // them into the first load, used or not: fetch and AbortController polyfills (every browser
        // in browserslist has both), a JSONP client and a user-agent parser. Declared free of side
        // effects, webpack keeps only what a called API really uses.
        chain.module
          .rule('taro-h5-side-effect-free')
          .test(/[\\/]node_modules[\\/](whatwg-fetch|abortcontroller-polyfill|jsonp-retry|platform|is-mobile)[\\/]/)
          .set('sideEffects', false)
        // The user-agent parser those APIs import, for getSystemInfo the store never calls (see the file).
        chain.resolve.alias.set('platform$', path.resolve(__dirname, '..', 'src', 'platform', 'uaPlatform.h5.js'))
        // Taro's HTML View applies a changed class a render late (see the file).
        chain
          .plugin('plainHtmlView')
          .use(webpack.NormalModuleReplacementPlugin, [
            /@tarojs[\\/]components-react[\\/]dist[\\/]components[\\/]view[\\/]index\.js$/,
            path.resolve(__dirname, '..', 'src', 'components', 'taro', 'HtmlView.h5.tsx')
          ])
        // Taro's component styles carry their icon font inline: it becomes a file, fetched only when drawn (see the file).
        chain.module
          .rule('taro-components-font-file')
          .test(/[\\/]@tarojs[\\/]components[\\/]dist[\\/]taro-components[\\/]taro-components\.css$/)
          .enforce('pre')
          .use('fontToFile')
          .loader(path.resolve(__dirname, 'fontToFile.js'))
      }
    }
  }
  return merge({}, baseConfig, process.env.NODE_ENV === 'development' ? devConfig : prodConfig)
})
