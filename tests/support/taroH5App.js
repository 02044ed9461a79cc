/**
 * '@tarojs/taro' as the H5 build makes it for the app-level tests (tests/app): Taro's H5 API with its named exports
 * on the default one (test-utils-react's runtime), plus the React page hooks (useDidShow, useLoad, ...) that
 * plugin-framework-react's api-loader puts on it at build time.
 */
const taro = require('@tarojs/test-utils-react/dist/jest/runtime/taro-h5.js').default
const runtime = require('@tarojs/plugin-framework-react/dist/runtime')

for (const [name, hook] of Object.entries(runtime)) if (/^use[A-Z]/.test(name)) taro[name] = hook

module.exports = taro
