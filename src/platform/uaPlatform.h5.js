/*
 * H5 build only (config/index.ts aliases the `platform` package here). Taro's H5 API module imports
 * the `platform` user-agent parser (about 4 KB gzip) for getSystemInfo/getDeviceInfo, which the store
 * never calls; the one API it does call that reaches it (chooseImage, through chooseMedia) only asks
 * whether the device runs iOS, and only for videos. This gives the same shape: the operating system's
 * family and version from the user agent; browser name, product and maker are left unknown.
 */
const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent
const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && typeof navigator !== 'undefined' && navigator.maxTouchPoints > 1)
const android = /Android/.test(ua)
const family = ios ? 'iOS' : android ? 'Android' : /Windows/.test(ua) ? 'Windows' : /Mac OS X/.test(ua) ? 'OS X' : /Linux/.test(ua) ? 'Linux' : null
const versionMatch = (ios ? /OS (\d+(?:[_.]\d+)*)/ : android ? /Android (\d+(?:\.\d+)*)/ : /(?!)/).exec(ua)
const version = versionMatch ? versionMatch[1].replace(/_/g, '.') : null

export default {
  name: null,
  version: null,
  product: null,
  manufacturer: null,
  layout: null,
  prerelease: null,
  ua,
  description: ua,
  os: family ? { family, version, architecture: null, toString: () => (version ? `${family} ${version}` : family) } : null
}
