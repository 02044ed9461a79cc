/**
 * The hello-world floor: what Taro itself costs on each platform, built with the store's toolchain and
 * the same output settings (browserslist comes from the repository's package.json), so the store's
 * sizes can be read against it. Output goes to bench/.work/floor/<platform>.
 */
const { defineConfig } = require('@tarojs/cli')

module.exports = defineConfig({
  projectName: 'istore-floor',
  date: '2026-11-22',
  designWidth: 750,
  deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
  sourceRoot: 'src',
  outputRoot: `../.work/floor/${process.env.TARO_ENV}`,
  plugins: [],
  framework: 'react',
  compiler: 'webpack5',
  cache: { enable: false },
  mini: {},
  h5: {
    publicPath: '/',
    staticDirectory: 'static',
    router: { mode: 'browser' },
    output: { filename: 'js/[name].[contenthash:8].js', chunkFilename: 'js/[name].[contenthash:8].js' },
    miniCssExtractPluginOption: {
      ignoreOrder: true,
      filename: 'css/[name].[contenthash:8].css',
      chunkFilename: 'css/[name].[contenthash:8].css'
    }
  }
})
