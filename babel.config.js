// Taro builds use babel-preset-taro; jest (NODE_ENV=test) compiles plain TS/React for node.
module.exports = (api) => {
  const isTest = api.env('test')
  if (isTest) {
    return {
      presets: [
        ['@babel/preset-env', { targets: { node: 'current' } }],
        ['@babel/preset-react', { runtime: 'automatic' }],
        '@babel/preset-typescript'
      ]
    }
  }
  return {
    // Parameters stay as written (defaults, rest, destructuring): every browser and mini-program engine in browserslist
    // has them, and preset-env rewrote them into `arguments` reads (about 45 bytes per default) only for a Safari/iOS <
    // 16.3 bug with a destructured parameter named like its function expression, which the bugfix plugin below handles
    // alone. It is what preset-env's `bugfixes` option does; babel-preset-taro does not pass that option on.
    presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5', exclude: ['transform-parameters'] }]],
    plugins: ['@babel/plugin-bugfix-safari-id-destructuring-collision-in-function-expression']
  }
}
