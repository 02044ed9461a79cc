/**
 * Webpack loader for @tarojs/components' taro-components.css, which Taro's H5 runtime injects from the first-load
 * JavaScript: its weui icon font (drawn by Taro's checkbox, radio and icon components) is inlined there as base64,
 * 6 KB that every visitor downloaded before the first paint. The font becomes a file of its own (config/index.ts
 * keeps fonts as files), which the browser fetches only when a page draws one of those icons.
 */
const crypto = require('crypto')
const fs = require('fs')
const path = require('path')

const CACHE = path.resolve(__dirname, '..', 'node_modules', '.cache', 'istore-fonts')
const INLINE_FONT = /url\((["']?)data:application\/(?:octet-stream|x-font-ttf|font-ttf)[^,]*;base64,\s*([A-Za-z0-9+/=]+)\1\)/g

module.exports = function fontToFile(source) {
  return source.replace(INLINE_FONT, (_match, _quote, base64) => {
    const data = Buffer.from(base64, 'base64')
    const file = path.join(CACHE, `taro-icons-${crypto.createHash('sha256').update(data).digest('hex').slice(0, 16)}.ttf`)
    if (!fs.existsSync(file)) {
      fs.mkdirSync(CACHE, { recursive: true })
      fs.writeFileSync(file, data)
    }
    return `url(${JSON.stringify(file)})`
  })
}
