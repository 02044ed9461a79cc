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
    presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5' }]]
  }
}
