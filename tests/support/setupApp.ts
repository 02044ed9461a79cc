/**
 * App-level tests of the H5 runtime with @tarojs/test-utils-react (tests/app). Its only version, 0.1.1, was made
 * for Taro 3.6: its createApp() calls createRouter(app, config, framework), while Taro 4's router takes the history
 * first, and it routes only the main package's pages by their page paths, in hash mode. createRouter is adapted here
 * the way the H5 build's entry (taro-loader's h5 entry) calls it: a browser history, the app mounted, every page of
 * the main package and the sub-packages routed under the public URLs of shared/routes.ts (config/index.ts).
 */
jest.mock('@tarojs/router', () => {
  const path = jest.requireActual('path')
  const router = jest.requireActual('@tarojs/router')
  const { customRoutes } = jest.requireActual(path.join(process.cwd(), 'shared', 'routes'))
  const { pageLayout } = jest.requireActual(path.join(process.cwd(), 'shared', 'pageLayout'))
  const layout = pageLayout(false) as { pages: string[]; subPackages: { root: string; pages: string[] }[] }
  const pages = [...layout.pages, ...layout.subPackages.flatMap((p) => p.pages.map((page) => `${p.root}/${page}`))]
  // As test-utils' createApp finds the app: src/ under the working directory.
  const source = path.join(process.cwd(), 'src')

  function createRouterFromTestUtils(app: unknown, config: Record<string, unknown>, framework: unknown) {
    // The app's own router settings (config/index.ts h5.router), over test-utils' hash mode: the H5 platform reads
    // the route from location.pathname.
    config.router = { mode: 'browser', customRoutes: customRoutes() }
    config.routes = pages.map((page) => ({
      // With its leading slash, as test-utils' page lifecycle keys pages.
      path: `/${page}`,
      load: async (context: unknown, params: unknown) => [require(path.join(source, page)).default, context, params]
    }))
    const history = router.createBrowserHistory({ window: globalThis.window })
    router.handleAppMount(config, history)
    return router.createRouter(history, app, config, framework)
  }
  return new Proxy(router, { get: (target, key) => (key === 'createRouter' ? createRouterFromTestUtils : target[key]) })
})

// As in the H5 build: Taro's runtime then works on the browser's document. Set before Taro loads; then Taro's H5
// API before anything else, as the runtime and router read it when they load.
process.env.TARO_ENV = 'h5'
process.env.TARO_PLATFORM = 'web'
require('@tarojs/taro')
