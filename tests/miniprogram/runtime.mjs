/**
 * A headless player of the built mini-programs (dist/weapp, dist/alipay): a Node `vm` context that plays the
 * base library closely enough for Taro's runtime — App/Page/Component, a real page stack, setData with Taro's
 * path keys (and custom-wrapper components with their own setData), taps bubbling through every ancestor whose
 * template binds the event, WeChat's Promise return when an API gets no callbacks, and wx.request / my.request
 * over real HTTP with the cookie header the app sends. What a device would refuse is recorded in `refusals`
 * rather than thrown: relative or non-https request URLs, image sources a device cannot load, setData payloads
 * over 1 MB, more than 10 requests in flight. As strict as a phone where the app could lean on kindness: each
 * platform reads only its own request-header key, canIUse says no to what the base library lacks, the payment,
 * consent and album sheets hide and show the page, a modal can be cancelled, a disabled button takes no tap.
 * README.md ("The mini-programs in the tests") says what it cannot see.
 */
import { readFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'

/** The https origin the builds are made with (ISTORE_API_ORIGIN in scripts/test.sh); mapped to the local server. */
const TEST_ORIGIN = 'https://shop.test'
/** WeChat: "the data of one setData cannot exceed 1024 KB". */
const SET_DATA_LIMIT = 1024 * 1024
/** wx.request / my.request: at most 10 requests at a time. */
const MAX_IN_FLIGHT = 10
const MAX_PAGES = 10
/** Waits end when their condition holds; this only bounds a failing one (the machine may be busy). */
const DEFAULT_WAIT_MS = 15_000
/**
 * `MP_JITTER_MS=N` holds each wx.request / my.request back by a random 0..N ms (counted in flight), so answers reach
 * the app later and in another order than on a quiet machine: a test that reads before what it reads has arrived
 * fails here, not once in a while on CI. A stress run for hunting such races, not part of `npm test`.
 */
const JITTER_MS = Number(process.env.MP_JITTER_MS ?? 0)

/**
 * `requestHeader`: the one key each request API reads its headers from (wx.request `header`, my.request `headers`;
 * the other spelling is ignored there, so its headers never leave the phone). Both uploadFile APIs read `header`.
 */
const PLATFORMS = {
  weapp: { global: 'wx', template: 'base.wxml', tap: /^(bind|catch):?tap$/i, catchTap: /^catch:?tap$/i, requestHeader: 'header' },
  alipay: { global: 'my', template: 'base.axml', tap: /^(on|catch)Tap$/, catchTap: /^catchTap$/, requestHeader: 'headers' }
}

/** What each node name (`nn`) renders, read from the build's own base template: tag, attribute → data key, tap binding. */
function readTemplates(dist, kind) {
  const source = readFileSync(path.join(dist, PLATFORMS[kind].template), 'utf8')
  const templates = new Map()
  const templateRe = /<template name="tmpl_0_([^"]+)">\s*<([a-z-]+|block)([^>]*)>([\s\S]*?)<\/template>/g
  for (const [, name, tag, attrText, body] of source.matchAll(templateRe)) {
    // Inputs dispatch to _focus/_blur variants of one shape; the base template only picks one.
    const nn = name.replace(/_(focus|blur)$/, '')
    if (templates.has(nn) && templates.get(nn).tag !== 'template') continue
    const attrs = {}
    let tap = null
    for (const [, name, value] of attrText.matchAll(/([\w:-]+)="([^"]*)"/g)) {
      const key = /^\{\{i\.(\w+)(?:\|\|[^}]*)?\}\}$/.exec(value) ?? /^\{\{xs\.b\(i\.(\w+),[^}]*\)\}\}$/.exec(value)
      if (key) attrs[name] = key[1]
      if (value === 'eh' && PLATFORMS[kind].tap.test(name)) tap = PLATFORMS[kind].catchTap.test(name) ? 'catch' : 'bind'
    }
    templates.set(nn, { tag: tag === 'block' && body.includes('{{i.v}}') ? '#text' : tag, attrs, tap })
  }
  const customWrapper = /<template name="tmpl_0_custom-wrapper">/.test(source)
  if (customWrapper) templates.set('custom-wrapper', { tag: 'custom-wrapper', attrs: {}, tap: null })
  return templates
}

/**
 * WeChat cannot recurse templates, so Taro writes base.wxml's node templates once per level up to its baseLevel
 * (config/index.ts) and renders anything deeper through `comp`, a custom component per node. The level at which
 * that fallback starts (its `tmpl_N_container`), or null where templates recurse (Alipay).
 */
function fallbackLevel(dist, kind) {
  const level = /<template name="tmpl_(\d+)_container">/.exec(readFileSync(path.join(dist, PLATFORMS[kind].template), 'utf8'))
  return kind === 'weapp' && level ? Number(level[1]) : null
}

/** How many levels of nodes (`cn` arrays) a setData value holds below the key it is written at. */
function levelsBelow(value) {
  const nodes = Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : []
  const under = (node) => (Array.isArray(node?.cn) && node.cn.length ? 1 + Math.max(...node.cn.map(under)) : 0)
  return nodes.length ? Math.max(...nodes.map(under)) : 0
}

/** Taro's setData keys: `root.cn.[0].cn.[2].v`, `i.cn.[1]`. */
function pathSegments(key) {
  return [...key.matchAll(/\[(\d+)\]|([^.[\]]+)/g)].map(([, index, name]) => (index !== undefined ? Number(index) : name))
}

function applyPath(target, key, value) {
  const segments = pathSegments(key)
  let node = target
  segments.slice(0, -1).forEach((segment, i) => {
    if (node[segment] === undefined || node[segment] === null || typeof node[segment] !== 'object') {
      node[segment] = typeof segments[i + 1] === 'number' ? [] : {}
    }
    node = node[segment]
  })
  node[segments[segments.length - 1]] = value
}

function splitUrl(url) {
  const [pathPart, queryPart = ''] = url.split('?')
  const query = {}
  for (const pair of queryPart.split('&')) {
    if (!pair) continue
    const eq = pair.indexOf('=')
    // As on WeChat: onLoad gets each value exactly as it is written in the URL, not decoded.
    if (eq < 0) query[pair] = ''
    else query[pair.slice(0, eq)] = pair.slice(eq + 1)
  }
  return { route: pathPart.replace(/^\//, ''), query }
}

/**
 * Launches the build of `kind` ('weapp' | 'alipay') from `dist` on the page `entry` (a page path with its query,
 * as a share card or QR code would open it), talking to the reference server at `serverUrl`.
 * `answers` plays the shopper's side of the native sheets: { payment: 'paid' | 'cancelled', identity: '<name>',
 * modal: 'confirm' | 'cancel' (the answer of showModal, Alipay's my.confirm; default confirm), image: '<local file>' (the album's pick; without
 * it the shopper closes the album), unsupported: ['<canIUse schema>', ...] (what this phone's base library lacks),
 * privacy: 'agreed' (default: the shopper agreed to the privacy guide on an earlier visit) | 'ask' (not yet: a privacy
 * API waits for the app's onNeedPrivacyAuthorization listener, below) }.
 * `device` is the phone's system ('ios' unless a journey needs 'android': WeChat sells no stored value on iOS).
 * `storage`: what the device kept from an earlier launch (`mp.storage` of a closed one), for a shopper coming back.
 * `language` is the device's system language as the host reports it (WeChat 'zh_CN', Alipay 'zh-Hans', or 'en').
 */
export function launch({ kind, dist, serverUrl, entry = 'pages/home/index', answers = {}, language = 'en', device = 'ios', storage = {} }) {
  const platform = PLATFORMS[kind]
  if (!platform) throw new Error(`unknown mini-program kind ${kind}`)
  const appJson = JSON.parse(readFileSync(path.join(dist, 'app.json'), 'utf8'))
  const knownPages = new Set([...appJson.pages, ...(appJson.subPackages ?? []).flatMap((p) => p.pages.map((page) => `${p.root}/${page}`))])
  const templates = readTemplates(dist, kind)
  const textNn = [...templates].find(([, t]) => t.tag === '#text')?.[0]
  const templateLevels = fallbackLevel(dist, kind)

  const mp = {
    kind,
    /** Device refusals and limits crossed: { kind, detail }. */
    refusals: [],
    /** Uncaught errors: thrown in a lifecycle, a callback, a timer, or a rejected promise nobody handled. */
    errors: [],
    consoleErrors: [],
    /** Every request that reached the server: { method, path, headers, body, status, response }. */
    requests: [],
    /** Calls to native sheets and APIs the runner only records: { name, options }. */
    calls: [],
    /** Page lifecycle calls after onLoad, in order: { route, event: 'onShow' | 'onHide' }. */
    lifecycle: [],
    stack: [],
    /** The device's storage (JSON per key). */
    storage: { ...storage },
    imageSources: new Set(),
    /** Every setData: who sent it, its JSON size in bytes, when (performance.now()); the bench reports them. */
    setDataLog: [],
    launchedAt: performance.now(),
    closed: false
  }
  const listeners = new Set()
  const notify = () => listeners.forEach((fn) => fn())
  const timers = new Map()
  /** The URLs of the requests on their way (a refusal for too many names them all). */
  const inFlight = []
  let pendingRenders = 0

  const guard = (where, fn) => {
    try {
      return fn()
    } catch (err) {
      mp.errors.push({ where, error: err })
      return undefined
    }
  }
  const later = (fn, where) => {
    if (mp.closed) return
    const handle = setTimeout(() => {
      timers.delete(handle)
      if (!mp.closed) guard(where, fn)
      notify()
    }, 0)
    timers.set(handle, 0)
  }

  // ---- the base library's API object (wx / my) ----
  /** WeChat: an API called without success/fail/complete returns a Promise; Alipay keeps to callbacks here. */
  function asyncApi(name, run) {
    return (options = {}) => {
      const usesCallbacks = ['success', 'fail', 'complete'].some((k) => typeof options[k] === 'function')
      const settle = (ok, result) => {
        guard(`${name} callback`, () => (ok ? options.success?.(result) : options.fail?.(result)))
        guard(`${name} complete`, () => options.complete?.(result))
      }
      const outcome = new Promise((resolve) => {
        Promise.resolve()
          .then(() => run(options))
          .then(
            (result) => resolve({ ok: true, result: { errMsg: `${name}:ok`, ...result } }),
            (err) => resolve({ ok: false, result: { errMsg: `${name}:fail ${err?.message ?? err}`, ...(err?.extra ?? {}) } })
          )
      })
      if (kind === 'weapp' && !usesCallbacks) {
        return outcome.then(({ ok, result }) => (ok ? result : Promise.reject(result)))
      }
      outcome.then(({ ok, result }) => {
        if (!mp.closed) settle(ok, result)
        notify()
      })
      return undefined
    }
  }
  const failWith = (message, extra) => Object.assign(new Error(message), { extra })
  const record = (name) => asyncApi(name, (options) => void mp.calls.push({ name, options }))

  const windowInfo = { windowWidth: 375, windowHeight: 812, screenWidth: 375, screenHeight: 812, pixelRatio: 2, statusBarHeight: 44 }

  async function sendRequest(options) {
    const url = String(options.url ?? '')
    if (!/^https:\/\//.test(url)) {
      mp.refusals.push({ kind: 'request-url', detail: url })
      throw failWith(url.startsWith('http://') ? 'url not in domain list' : 'invalid url')
    }
    if (!url.startsWith(`${TEST_ORIGIN}/`)) {
      mp.refusals.push({ kind: 'request-domain', detail: url })
      throw failWith('url not in domain list')
    }
    inFlight.push(url)
    if (inFlight.length > MAX_IN_FLIGHT) mp.refusals.push({ kind: 'requests-in-flight', detail: `${inFlight.length} at ${url}; on their way: ${inFlight.slice(0, -1).join(', ')}` })
    try {
      if (JITTER_MS > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * JITTER_MS))
      const method = String(options.method ?? 'GET').toUpperCase()
      const headers = { ...(options[platform.requestHeader] ?? {}) }
      let target = serverUrl + url.slice(TEST_ORIGIN.length)
      let body
      if (options.data !== undefined && options.data !== null) {
        if (method === 'GET') {
          const query = new URLSearchParams(Object.entries(options.data).map(([k, v]) => [k, String(v)])).toString()
          if (query) target += (target.includes('?') ? '&' : '?') + query
        } else {
          body = typeof options.data === 'string' ? options.data : JSON.stringify(options.data)
        }
      }
      if (options.body !== undefined) body = options.body // uploadFile's multipart form
      let res
      try {
        res = await fetch(target, { method, headers, body, redirect: 'manual' })
      } catch (err) {
        throw failWith(err.message)
      }
      const text = await res.text()
      let data = text
      if ((options.dataType ?? 'json') === 'json') {
        try {
          data = JSON.parse(text)
        } catch {
          // not JSON: the text, as the base library gives it
        }
      }
      const setCookies = res.headers.getSetCookie()
      const responseHeaders = {}
      res.headers.forEach((value, name) => {
        if (name !== 'set-cookie') responseHeaders[kind === 'weapp' ? name.replace(/(^|-)([a-z])/g, (_, d, c) => d + c.toUpperCase()) : name] = value
      })
      // WeChat folds several Set-Cookie into one comma-joined header (and lists them in `cookies`).
      if (setCookies.length) responseHeaders[kind === 'weapp' ? 'Set-Cookie' : 'set-cookie'] = kind === 'weapp' ? setCookies.join(',') : setCookies
      const sent = body instanceof FormData ? Object.fromEntries([...body].map(([name, value]) => [name, typeof value === 'string' ? value : `(file ${value.name}, ${value.size} bytes)`])) : body === undefined ? undefined : safeJson(body)
      mp.requests.push({ method, path: url.slice(TEST_ORIGIN.length), headers, body: sent, status: res.status, response: data })
      return kind === 'weapp'
        ? { data, statusCode: res.status, header: responseHeaders, cookies: setCookies }
        : { data, status: res.status, headers: responseHeaders }
    } finally {
      inFlight.splice(inFlight.indexOf(url), 1)
    }
  }

  const storageApi =
    kind === 'weapp'
      ? {
          getStorageSync: (key) => (key in mp.storage ? JSON.parse(mp.storage[key]) : ''),
          setStorageSync: (key, data) => void (mp.storage[key] = JSON.stringify(data)),
          removeStorageSync: (key) => void delete mp.storage[key]
        }
      : {
          getStorageSync: ({ key }) => ({ data: key in mp.storage ? JSON.parse(mp.storage[key]) : null }),
          setStorageSync: ({ key, data }) => void (mp.storage[key] = JSON.stringify(data)),
          removeStorageSync: ({ key }) => void delete mp.storage[key]
        }

  /** A native sheet covers the page while the shopper answers it: onHide as it opens, onShow once it closes. */
  async function overSheet(answer) {
    const page = mp.stack[mp.stack.length - 1]
    if (page) hide(page)
    try {
      return await answer()
    } finally {
      if (page && !mp.closed && mp.stack[mp.stack.length - 1] === page) show(page, null, false)
      notify()
    }
  }

  /** Local files the album handed out, by the path the app got: { file, type }. */
  const chosenFiles = new Map()
  function chooseImage() {
    if (!answers.image) throw failWith('cancel')
    const n = chosenFiles.size + 1
    const png = answers.image.endsWith('.png')
    const chosen = kind === 'weapp' ? `wxfile://tmp_istore_${n}.${png ? 'png' : 'jpg'}` : `https://resource/apml_istore_${n}.image`
    chosenFiles.set(chosen, { file: answers.image, type: png ? 'image/png' : 'image/jpeg' })
    return kind === 'weapp'
      ? { tempFilePaths: [chosen], tempFiles: [{ path: chosen, size: readFileSync(answers.image).length }] }
      : { apFilePaths: [chosen], tempFilePaths: [chosen] }
  }

  /** wx.uploadFile (`name`) / my.uploadFile (`fileName`, `fileType`): a file the album gave, as multipart form data. */
  async function uploadFile(options) {
    const chosen = chosenFiles.get(String(options.filePath ?? ''))
    if (!chosen) throw failWith(`file not found: ${options.filePath}`)
    const field = kind === 'weapp' ? options.name : options.fileName
    if (!field) throw failWith(`${kind === 'weapp' ? 'name' : 'fileName'} is required`)
    if (kind === 'alipay' && !options.fileType) throw failWith('fileType is required')
    const form = new FormData()
    for (const [key, value] of Object.entries(options.formData ?? {})) form.append(key, String(value))
    form.append(field, new Blob([readFileSync(chosen.file)], { type: chosen.type }), path.basename(chosen.file))
    // The base library writes the multipart Content-Type (with its boundary) itself.
    const header = Object.fromEntries(Object.entries(options.header ?? {}).filter(([name]) => name.toLowerCase() !== 'content-type'))
    const answer = await sendRequest({ url: options.url, method: 'POST', [platform.requestHeader]: header, body: form, dataType: 'text' })
    return kind === 'weapp' ? { data: answer.data, statusCode: answer.statusCode } : { data: answer.data, statusCode: answer.status, header: answer.headers }
  }

  /**
   * The host's privacy authorization (WeChat: wx.onNeedPrivacyAuthorization, wx.requirePrivacyAuthorize,
   * wx.getPrivacySetting, wx.openPrivacyContract; Alipay, with app.json's usePrivacyCheck: the my.* of the same names
   * but requirePrivacyAuthorize). Until the shopper agrees, a privacy API (chooseImage, setClipboardData) or
   * requirePrivacyAuthorize waits while the app's listener is called with resolve and { referrer }:
   * resolve({ event: 'agree', buttonId }) lets it run only if a button with open-type="agreePrivacyAuthorization" and
   * that id was tapped (the base library checks it), resolve({ event: 'disagree' }) fails it with "privacy permission
   * is not authorized". A tap on such a button is the agreement itself (the host records it). With no listener the
   * host's own popup would ask: here the call fails, as refused. `mp.privacyRequests` lists each referrer asked about.
   */
  const privacy = {
    on: kind === 'weapp' || appJson.usePrivacyCheck === true,
    agreed: (answers.privacy ?? 'agreed') === 'agreed',
    listener: null,
    tapped: new Set()
  }
  mp.privacyRequests = []
  const PRIVACY_REFUSED = 'privacy permission is not authorized'
  function privacyGate(name, run) {
    return async (options) => {
      if (!privacy.on || privacy.agreed) return run(options)
      mp.privacyRequests.push(name)
      if (!privacy.listener) throw failWith(PRIVACY_REFUSED)
      const answer = await new Promise((resolve) => {
        const resolveFn = (reply = {}) => {
          if (reply.event === 'exposureAuthorization') return void mp.calls.push({ name: 'privacyExposure', options: { referrer: name } })
          resolve(reply)
        }
        later(() => privacy.listener(resolveFn, { referrer: name }), 'onNeedPrivacyAuthorization listener')
      })
      if (answer.event === 'agree' && privacy.tapped.has(answer.buttonId)) {
        privacy.agreed = true
        return run(options)
      }
      throw failWith(PRIVACY_REFUSED)
    }
  }
  const privacyApi = {
    onNeedPrivacyAuthorization: (listener) => void (privacy.listener = listener),
    getPrivacySetting: asyncApi('getPrivacySetting', () => ({
      needAuthorization: privacy.on && !privacy.agreed,
      privacyContractName: '《iStore小程序隐私保护指引》'
    })),
    openPrivacyContract: record('openPrivacyContract')
  }

  const unsupported = new Set(answers.unsupported ?? [])
  /** canIUse: an API this base library has (`request`, `getAuthCode.object.scopes` asks about its API), unless the phone lacks it. */
  const canIUse = (schema) => !unsupported.has(schema) && typeof api[String(schema).split('.')[0]] === 'function'

  const identity = answers.identity ?? 'shopper'
  const paymentAnswer = () => answers.payment ?? 'paid'
  const api = {
    ...storageApi,
    request: asyncApi('request', sendRequest),
    getWindowInfo: () => ({ ...windowInfo }),
    getSystemInfoSync: () => ({ ...windowInfo, platform: device, language, version: '8.0.50', SDKVersion: '3.5.0' }),
    getSystemInfo: asyncApi('getSystemInfo', () => ({ ...windowInfo, platform: device })),
    getNetworkType: asyncApi('getNetworkType', () => ({ networkType: 'wifi' })),
    onNetworkStatusChange: () => undefined,
    offNetworkStatusChange: () => undefined,
    onPageNotFound: (fn) => void (mp.pageNotFound = fn),
    onAppShow: () => undefined,
    onAppHide: () => undefined,
    canIUse,
    navigateTo: asyncApi('navigateTo', ({ url }) => openPage(url, 'push')),
    redirectTo: asyncApi('redirectTo', ({ url }) => openPage(url, 'replace')),
    reLaunch: asyncApi('reLaunch', ({ url }) => openPage(url, 'relaunch')),
    switchTab: asyncApi('switchTab', ({ url }) => openPage(url, 'relaunch')),
    navigateBack: asyncApi('navigateBack', ({ delta = 1 } = {}) => goBack(delta)),
    showToast: record('showToast'),
    hideToast: record('hideToast'),
    showLoading: record('showLoading'),
    hideLoading: record('hideLoading'),
    showModal: asyncApi('showModal', (options) => {
      mp.calls.push({ name: 'showModal', options })
      const confirm = (answers.modal ?? 'confirm') === 'confirm'
      return { confirm, cancel: !confirm }
    }),
    pageScrollTo: record('pageScrollTo'),
    setClipboardData: asyncApi('setClipboardData', privacyGate('setClipboardData', (options) => void mp.calls.push({ name: 'setClipboardData', options }))),
    makePhoneCall: record('makePhoneCall'),
    stopPullDownRefresh: record('stopPullDownRefresh'),
    // The album is a page of its own over the mini-program.
    chooseImage: asyncApi('chooseImage', privacyGate('chooseImage', (options) => {
      mp.calls.push({ name: 'chooseImage', options })
      return overSheet(chooseImage)
    })),
    ...privacyApi,
    uploadFile: asyncApi('uploadFile', uploadFile)
  }
  if (kind === 'weapp') {
    Object.assign(api, {
      requirePrivacyAuthorize: asyncApi('requirePrivacyAuthorize', privacyGate('requirePrivacyAuthorize', () => ({}))),
      setNavigationBarTitle: asyncApi('setNavigationBarTitle', ({ title }) => void setTitle(title)),
      // answers.weChatLogin: a code of WeChat's double, for a server with real WeChat sign-in.
      login: asyncApi('login', async () => ({ code: answers.weChatLogin ? await answers.weChatLogin() : `sandbox-wx-${identity}` })),
      requestPayment: asyncApi('requestPayment', async (options) => {
        mp.calls.push({ name: 'requestPayment', options })
        return overSheet(async () => {
          if (paymentAnswer() !== 'paid') throw failWith('cancel')
          // A real provider's sheet: the journey's own payment at the provider's double (answers.weChatPaySheet).
          if (answers.weChatPaySheet) await answers.weChatPaySheet(options)
          return {}
        })
      })
    })
  } else {
    Object.assign(api, {
      setNavigationBar: asyncApi('setNavigationBar', ({ title }) => void setTitle(title)),
      // Alipay's confirmation dialog (Taro's showModal calls it, with confirmButtonText / cancelButtonText).
      confirm: asyncApi('confirm', (options) => {
        mp.calls.push({ name: 'confirm', options })
        return { confirm: (answers.modal ?? 'confirm') === 'confirm' }
      }),
      // answers.alipayAuthCode: a code of Alipay's double, for a server with real Alipay sign-in and payments.
      // Silent for auth_base; any other scope (auth_user...) asks the shopper's consent in a sheet.
      getAuthCode: asyncApi('getAuthCode', async (options) => {
        mp.calls.push({ name: 'getAuthCode', options })
        const code = async () => ({ authCode: answers.alipayAuthCode ? await answers.alipayAuthCode() : `sandbox-ali-${identity}` })
        const scopes = [options.scopes ?? 'auth_base'].flat()
        return scopes.every((scope) => scope === 'auth_base') ? code() : overSheet(code)
      }),
      tradePay: asyncApi('tradePay', async (options) => {
        mp.calls.push({ name: 'tradePay', options })
        return overSheet(async () => {
          if (paymentAnswer() !== 'paid') return { resultCode: '6001' }
          // A real provider's cashier: the journey's own payment at Alipay's double (answers.alipayCashier).
          if (answers.alipayCashier) await answers.alipayCashier(options)
          return { resultCode: '9000' }
        })
      })
    })
  }

  function setTitle(title) {
    const page = mp.stack[mp.stack.length - 1]
    if (page) page.title = title
  }

  // ---- the vm context: only what a device's logic layer has ----
  const sandbox = {
    console: {
      log: () => undefined,
      info: () => undefined,
      debug: () => undefined,
      warn: () => undefined,
      error: (...args) => void mp.consoleErrors.push(args.map(String).join(' '))
    },
    setTimeout: (fn, ms = 0, ...args) => {
      if (mp.closed) return 0
      const handle = setTimeout(() => {
        timers.delete(handle)
        guard('setTimeout', () => fn(...args))
        notify()
      }, ms)
      timers.set(handle, ms)
      return handle
    },
    clearTimeout: (handle) => {
      timers.delete(handle)
      clearTimeout(handle)
    },
    setInterval: (fn, ms = 0, ...args) => {
      if (mp.closed) return 0
      const handle = setInterval(() => {
        guard('setInterval', () => fn(...args))
        notify()
      }, ms)
      timers.set(handle, Math.max(ms, 1000))
      return handle
    },
    clearInterval: (handle) => {
      timers.delete(handle)
      clearInterval(handle)
    }
  }
  sandbox[platform.global] = api
  if (kind === 'alipay') sandbox.navigator = { swuserAgent: 'AlipayClient MiniProgram' }
  const pageConfigs = new Map()
  const componentConfigs = new Map()
  let loadingFile = null
  let appConfig = null
  sandbox.App = (config) => void (appConfig = config)
  sandbox.Page = (config) => void pageConfigs.set(loadingFile, config)
  sandbox.Component = (config) => void componentConfigs.set(loadingFile, config)
  sandbox.Behavior = (config) => config
  sandbox.getApp = () => appConfig
  sandbox.getCurrentPages = () => [...mp.stack]
  sandbox.requirePlugin = () => ({})
  const context = vm.createContext(sandbox)

  const onRejection = (reason, promise) => {
    if (promise instanceof context.Promise) mp.errors.push({ where: 'unhandled rejection', error: reason })
  }
  process.on('unhandledRejection', onRejection)

  // ---- modules: each built file as CommonJS with a relative require ----
  const modules = new Map()
  function requireFile(file) {
    const resolved = file.endsWith('.js') ? file : `${file}.js`
    if (modules.has(resolved)) return modules.get(resolved).exports
    const module = { exports: {} }
    modules.set(resolved, module)
    const source = readFileSync(resolved, 'utf8')
    const fn = vm.runInContext(`(function (require, module, exports) {${source}\n})`, context, { filename: resolved })
    const previous = loadingFile
    loadingFile = path.relative(dist, resolved).replace(/\.js$/, '')
    try {
      fn((request) => requireFile(path.resolve(path.dirname(resolved), request)), module, module.exports)
    } finally {
      loadingFile = previous
    }
    return module.exports
  }

  // ---- pages, setData and custom wrappers ----
  const wrappers = new Map()

  function measure(data, where) {
    const json = JSON.stringify(data)
    const size = Buffer.byteLength(json)
    mp.setDataLog.push({ where, bytes: size, at: performance.now() })
    if (size > SET_DATA_LIMIT) mp.refusals.push({ kind: 'setData-size', detail: `${where}: ${size} bytes` })
    return JSON.parse(json)
  }

  /**
   * A node written deeper than base.wxml's levels: the phone renders it through the comp fallback, which this player
   * does not see (the view-layer test does). A page or a wrapper's tree starts at level 0; `root.cn` (or `i.cn`)
   * holds level 0, each further `cn` one level more.
   */
  function checkDepth(key, value, where) {
    if (templateLevels == null) return
    const deepest = pathSegments(key).filter((segment) => segment === 'cn').length - 1 + levelsBelow(value)
    if (deepest >= templateLevels) mp.refusals.push({ kind: 'template-depth', detail: `${where}: a node at level ${deepest}, base.wxml has ${templateLevels} (config/index.ts baseLevel)` })
  }

  function makeSetData(owner, where) {
    return function setData(data, callback) {
      if (mp.closed) return
      const copy = measure(data, where)
      for (const [key, value] of Object.entries(copy)) {
        checkDepth(key, value, where)
        applyPath(owner.data, key, value)
      }
      syncWrappers()
      collectImages()
      pendingRenders += 1
      later(() => {
        pendingRenders -= 1
        owner.rendered = true
        callback?.call(owner)
      }, `${where} setData callback`)
    }
  }

  function createPage(route, query) {
    const file = path.join(dist, route)
    if (!pageConfigs.has(route)) requireFile(file)
    const config = pageConfigs.get(route)
    if (!config) throw new Error(`${route}.js did not register a Page`)
    const page = { route, __route__: route, options: query, data: JSON.parse(JSON.stringify(config.data ?? {})), title: '' }
    for (const [key, value] of Object.entries(config)) {
      if (key !== 'data') page[key] = typeof value === 'function' ? value.bind(page) : value
    }
    page.setData = makeSetData(page, route)
    page.selectComponent = () => null
    page.createSelectorQuery = () => selectorQuery()
    return page
  }

  function unload(page) {
    guard(`${page.route} onUnload`, () => page.onUnload?.())
    for (const [sid, wrapper] of wrappers) if (wrapper.page === page) detachWrapper(sid)
  }

  function show(page, query, isNew) {
    if (isNew) guard(`${page.route} onLoad`, () => page.onLoad?.(query))
    mp.lifecycle.push({ route: page.route, event: 'onShow' })
    guard(`${page.route} onShow`, () => page.onShow?.())
    if (isNew) {
      // onReady after the first render, as the base library does.
      const ready = () => {
        if (mp.closed || page.readyCalled) return
        if (!page.rendered) return void listeners.add(readyListener)
        listeners.delete(readyListener)
        page.readyCalled = true
        guard(`${page.route} onReady`, () => page.onReady?.())
      }
      const readyListener = () => ready()
      later(ready, 'onReady')
    }
  }

  function hide(page) {
    mp.lifecycle.push({ route: page.route, event: 'onHide' })
    guard(`${page.route} onHide`, () => page.onHide?.())
  }

  function openPage(url, mode) {
    const { route, query } = splitUrl(url.startsWith('/') ? url : resolveRelative(url))
    if (!knownPages.has(route)) throw failWith(`page "${route}" is not found`)
    if (mode === 'push' && mp.stack.length >= MAX_PAGES) throw failWith('webview count limit exceed')
    const top = mp.stack[mp.stack.length - 1]
    if (mode === 'push' && top) hide(top)
    if (mode === 'replace' && top) unload(mp.stack.pop())
    if (mode === 'relaunch') while (mp.stack.length) unload(mp.stack.pop())
    const page = createPage(route, query)
    mp.stack.push(page)
    show(page, query, true)
    notify()
    return {}
  }

  function resolveRelative(url) {
    const top = mp.stack[mp.stack.length - 1]
    return `/${path.posix.join(path.posix.dirname(top?.route ?? ''), url)}`
  }

  function goBack(delta) {
    if (mp.stack.length <= 1) throw failWith('cannot navigate back at first page.')
    for (let i = 0; i < delta && mp.stack.length > 1; i += 1) unload(mp.stack.pop())
    show(mp.stack[mp.stack.length - 1], null, false)
    notify()
    return {}
  }

  function selectorQuery() {
    const query = {
      in: () => query,
      select: () => query,
      selectAll: () => query,
      selectViewport: () => query,
      boundingClientRect: () => query,
      scrollOffset: () => query,
      fields: () => query,
      exec: (cb) => later(() => cb?.([]), 'selectorQuery')
    }
    return query
  }
  api.createSelectorQuery = selectorQuery

  /** Instantiates a custom-wrapper component for each custom-wrapper node that appears, detaches the gone ones. */
  function syncWrappers() {
    if (!templates.has('custom-wrapper')) return
    const present = new Set()
    for (const page of mp.stack) {
      walk(page.data.root, (node) => {
        if (node.nn !== 'custom-wrapper') return
        present.add(node.sid)
        if (!wrappers.has(node.sid)) attachWrapper(node, page)
      }, page)
    }
    for (const sid of [...wrappers.keys()]) if (!present.has(sid)) detachWrapper(sid)
  }

  function attachWrapper(node, page) {
    if (!componentConfigs.has('custom-wrapper')) requireFile(path.join(dist, 'custom-wrapper'))
    const config = componentConfigs.get('custom-wrapper')
    const instance = { id: node.sid, page, data: { i: JSON.parse(JSON.stringify(node)), l: '' }, rendered: true }
    instance.props = instance.data
    instance.properties = instance.data
    for (const [key, value] of Object.entries(config.methods ?? {})) instance[key] = value.bind(instance)
    instance.setData = makeSetData(instance, `custom-wrapper ${node.sid}`)
    wrappers.set(node.sid, instance)
    const attached = config.attached ?? config.lifetimes?.attached
    guard('custom-wrapper attached', () => attached?.call(instance))
  }

  function detachWrapper(sid) {
    const instance = wrappers.get(sid)
    wrappers.delete(sid)
    const config = componentConfigs.get('custom-wrapper')
    const detached = config?.detached ?? config?.lifetimes?.detached
    guard('custom-wrapper detached', () => detached?.call(instance))
  }

  /** The rendered tree, with each attached custom wrapper's own data in place of the page's copy. */
  const hasClass = (node, className) => String(node.cl ?? '').split(/\s+/).includes(className)

  function walk(node, visit, page, parents = []) {
    if (!node || typeof node !== 'object') return
    const shown = node.nn === 'custom-wrapper' && wrappers.get(node.sid)?.page === page ? wrappers.get(node.sid).data.i : node
    if (visit(shown, parents) === false) return
    for (const child of shown.cn ?? []) walk(child, visit, page, [...parents, shown])
  }

  function collectImages() {
    for (const page of mp.stack) {
      walk(page.data.root, (node) => {
        const template = templates.get(String(node.nn))
        if (template?.tag !== 'image') return
        const src = node[template.attrs.src]
        if (src) mp.imageSources.add(src)
      }, page)
    }
  }

  // ---- what a test uses ----
  /** The `wx` / `my` object the app sees. */
  mp.native = api
  mp.currentPage = () => mp.stack[mp.stack.length - 1]

  /** The texts the page shows, in document order. */
  mp.texts = (page = mp.currentPage()) => {
    const texts = []
    if (page) walk(page.data.root, (node) => void (String(node.nn) === textNn && node.v !== undefined && String(node.v).trim() && texts.push(String(node.v).trim())), page)
    return texts
  }
  mp.text = (page) => mp.texts(page).join('\n')
  /** For each element with this class (e.g. 'checkout-choices'), the texts inside it, in document order. */
  mp.groupsOf = (className, page = mp.currentPage()) => {
    const groups = []
    if (page) walk(page.data.root, (node) => {
      if (!hasClass(node, className)) return undefined
      const texts = []
      walk(node, (inner) => void (String(inner.nn) === textNn && String(inner.v ?? '').trim() && texts.push(String(inner.v).trim())), page)
      groups.push(texts)
      return false
    }, page)
    return groups
  }
  /** The texts inside elements with this class (e.g. 'tab-bar__badge'). */
  mp.textsOf = (className, page) => mp.groupsOf(className, page).flat()
  /** Image sources ever rendered that a device could not load: not https, or not answered 200 by the server. */
  mp.unloadableImages = async () => {
    const problems = []
    for (const src of mp.imageSources) {
      if (!src.startsWith('https://')) problems.push(`${src} (not https)`)
      else if (!src.startsWith(`${TEST_ORIGIN}/`)) problems.push(`${src} (outside the test origin)`)
      else {
        const res = await fetch(serverUrl + src.slice(TEST_ORIGIN.length))
        await res.arrayBuffer()
        if (res.status !== 200) problems.push(`${src} (${res.status})`)
      }
    }
    return problems
  }

  /**
   * The element showing `label` (exact text, else a text containing it; the `nth` of them in document order, default
   * the first), with its ancestors.
   */
  function chainOf(label, page, nth = 0) {
    const chains = (exact) => {
      const found = []
      walk(page.data.root, (node, parents) => {
        if (String(node.nn) !== textNn) return
        const value = String(node.v ?? '').trim()
        if (exact ? value === label : value.includes(label)) found.push(parents)
      }, page)
      return found
    }
    const found = chains(true).length ? chains(true) : chains(false)
    if (found.length <= nth) throw new Error(`nothing shows "${label}"${nth ? ` ${nth + 1} times` : ''} on ${page.route}:\n${mp.text(page)}`)
    return found[nth]
  }

  /**
   * Taps the element showing `label`: the base library calls `eh` for the target and every ancestor whose template
   * binds tap, stopping after a catch binding. Answers false when the finger fell on a disabled button (no tap at all).
   */
  mp.tap = (label, { page = mp.currentPage(), nth = 0 } = {}) => tapChain(page, chainOf(label, page, nth))

  /** Whether the element showing `label` is, or is inside, a disabled button. */
  mp.isDisabled = (label, { page = mp.currentPage() } = {}) => disabledButtonIn(chainOf(label, page))

  /** Taps the element with this class (the `nth` of them in document order, default the first): one that shows no text of its own (a picture that links somewhere, an icon button). */
  mp.tapClass = (className, { page = mp.currentPage(), nth = 0 } = {}) => {
    const chains = []
    walk(page.data.root, (node, parents) => {
      if (!hasClass(node, className)) return undefined
      chains.push([...parents, node])
      return false
    }, page)
    if (chains.length <= nth) throw new Error(`nothing has the class ${className}${nth ? ` ${nth + 1} times` : ''} on ${page.route}:\n${mp.text(page)}`)
    return tapChain(page, chains[nth])
  }

  /** The page's render data as the view layer gets it: each attached custom wrapper's own data in its node. */
  mp.viewData = (page = mp.currentPage()) => {
    const compose = (node) => {
      if (!node || typeof node !== 'object') return node
      const shown = node.nn === 'custom-wrapper' && wrappers.get(node.sid)?.page === page ? wrappers.get(node.sid).data.i : node
      return { ...shown, ...(shown.cn ? { cn: shown.cn.map(compose) } : {}) }
    }
    return JSON.parse(JSON.stringify({ root: compose(page.data.root) }))
  }

  /** Hands an event from a real view layer (tests/miniprogram/view.mjs) to the `eh` of the page or wrapper owning its node. */
  mp.dispatchViewEvent = (event, page = mp.currentPage()) => {
    const sid = event.currentTarget?.dataset?.sid
    const owner = [...wrappers.values()].find((w) => w.page === page && containsSid(w.data.i, sid)) ?? page
    guard(`${event.type} handler`, () => owner.eh(event))
    notify()
  }

  /** The input (or textarea) named `name` on the page: its node and the template that draws it. */
  const inputNamed = (name, page) => {
    let found = null
    walk(page.data.root, (node) => {
      const template = templates.get(String(node.nn))
      if (!found && (template?.tag === 'input' || template?.tag === 'textarea') && node[template.attrs.name] === name) found = { node, template }
    }, page)
    if (!found) throw new Error(`no input named ${name} on ${page.route}`)
    return found
  }

  /** Types `value` into the input named `name`, as the keyboard does: one input event with the whole value, then blur. */
  mp.input = (name, value, { page = mp.currentPage() } = {}) => {
    const { node: target } = inputNamed(name, page)
    const owner = [...wrappers.values()].find((w) => w.page === page && containsSid(w.data.i, target.sid)) ?? page
    for (const type of ['input', 'blur']) {
      const at = { id: target.uid ?? target.sid, dataset: { sid: target.sid } }
      guard(`${type} handler`, () => owner.eh({ type, timeStamp: Date.now(), target: at, currentTarget: at, detail: { value, cursor: value.length } }))
    }
    notify()
  }

  /** What the input named `name` shows (its `value`), as the keyboard would find it on coming back to the page. */
  mp.inputValue = (name, { page = mp.currentPage() } = {}) => {
    const { node, template } = inputNamed(name, page)
    return node[template.attrs.value] ?? ''
  }

  /**
   * What the build's template gives the input named `name` for `attribute` (e.g. `type`, the keyboard the phone brings
   * up): the node's data under the key the template binds it to; undefined when the page set none (the template's
   * default). A template without the attribute fails: the phone would not see it either.
   */
  mp.inputAttribute = (name, attribute, { page = mp.currentPage() } = {}) => {
    const { node, template } = inputNamed(name, page)
    const key = template.attrs[attribute]
    if (!key) throw new Error(`the build's ${template.tag} template has no ${attribute} attribute`)
    return node[key]
  }

  /**
   * The shopper scrolls the page to its end: the base library calls the page's onReachBottom once the bottom comes
   * within the page's onReachBottomDistance (this player has no layout, so the scroll is that call).
   */
  mp.scrollToBottom = (page = mp.currentPage()) => {
    if (typeof page.onReachBottom !== 'function') throw new Error(`${page.route} has no onReachBottom`)
    guard(`${page.route} onReachBottom`, () => page.onReachBottom())
    notify()
  }

  /**
   * Chooses `choice` in the picker showing `label` (its current value or placeholder), as the picker sheet's Done does:
   * one change event with the index of `choice` in the picker's range.
   */
  mp.pick = (label, choice, { page = mp.currentPage() } = {}) => {
    const chain = chainOf(label, page)
    const picker = [...chain].reverse().find((node) => templates.get(String(node.nn))?.tag === 'picker')
    if (!picker) throw new Error(`"${label}" is not inside a picker on ${page.route}`)
    const range = picker[templates.get(String(picker.nn)).attrs.range] ?? []
    const index = range.indexOf(choice)
    if (index < 0) throw new Error(`the picker showing "${label}" offers no "${choice}": ${range.join(', ')}`)
    const owner = [...wrappers.values()].find((w) => w.page === page && containsSid(w.data.i, picker.sid)) ?? page
    const at = { id: picker.uid ?? picker.sid, dataset: { sid: picker.sid } }
    guard('change handler', () => owner.eh({ type: 'change', timeStamp: Date.now(), target: at, currentTarget: at, detail: { value: index } }))
    notify()
  }

  /** The sid of the element holding the first text `label` (for a view-layer tap). */
  mp.sidOf = (label, page = mp.currentPage()) => {
    let sid = null
    walk(page.data.root, (node, parents) => {
      if (!sid && String(node.nn) === textNn && String(node.v ?? '').trim() === label) sid = parents[parents.length - 1]?.sid
    }, page)
    if (!sid) throw new Error(`nothing shows "${label}" on ${page.route}`)
    return sid
  }

  /** A disabled button under the finger: the base library makes no tap of the touch, for it or anything around it. */
  const disabledButtonIn = (chain) =>
    chain.some((node) => {
      const template = templates.get(String(node.nn))
      return template?.tag === 'button' && template.attrs.disabled && node[template.attrs.disabled] === true
    })

  /** Answers whether the tap reached a handler (false: it fell on a disabled button). */
  function tapChain(page, chain) {
    if (disabledButtonIn(chain)) return false
    // A tap on a button with open-type="agreePrivacyAuthorization" tells the host the shopper agreed.
    for (const node of chain) {
      const template = templates.get(String(node.nn))
      const openType = template?.tag === 'button' && template.attrs['open-type'] ? node[template.attrs['open-type']] : undefined
      if (String(openType ?? '').split('|').includes('agreePrivacyAuthorization')) {
        privacy.tapped.add(node.uid ?? node.sid)
        privacy.agreed = true
      }
    }
    const target = chain[chain.length - 1]
    const ownerOf = (node) => {
      for (const wrapper of wrappers.values()) if (wrapper.page === page && containsSid(wrapper.data.i, node.sid)) return wrapper
      return page
    }
    let bound = 0
    for (const node of [...chain].reverse()) {
      const template = templates.get(String(node.nn))
      if (!template?.tap || !node.sid) continue
      bound += 1
      const event = {
        type: 'tap',
        timeStamp: Date.now(),
        target: { id: target.uid ?? target.sid, dataset: { sid: target.sid } },
        currentTarget: { id: node.uid ?? node.sid, dataset: { sid: node.sid } },
        detail: { x: 10, y: 10 },
        touches: [],
        changedTouches: []
      }
      guard('tap handler', () => ownerOf(node).eh(event))
      if (template.tap === 'catch') break
    }
    if (!bound) throw new Error(`nothing under the tap binds it on ${page.route}`)
    notify()
    return true
  }

  const containsSid = (root, sid) => {
    let hit = false
    walk(root, (node) => {
      if (node.sid === sid) hit = true
      return !hit
    })
    return hit
  }

  /** Resolves when `predicate()` is truthy, re-checked after every render, answer and navigation; fails after `timeout` ms with what the page shows. */
  mp.waitFor = (predicate, { timeout = DEFAULT_WAIT_MS, what = 'condition' } = {}) =>
    new Promise((resolve, reject) => {
      const check = () => {
        let value
        try {
          value = predicate()
        } catch {
          value = false
        }
        if (!value) return
        cleanup()
        resolve(value)
      }
      const timer = setTimeout(() => {
        cleanup()
        reject(new Error(`timed out waiting for ${what} on ${mp.currentPage()?.route}:\n${mp.text()}\nerrors: ${mp.errors.map((e) => `${e.where}: ${e.error?.message ?? JSON.stringify(e.error)}`).join('; ')}`))
      }, timeout)
      const cleanup = () => {
        clearTimeout(timer)
        listeners.delete(check)
      }
      listeners.add(check)
      check()
    })
  mp.waitForText = (text, options = {}) => mp.waitFor(() => mp.text().includes(text), { what: `"${text}"`, ...options })
  mp.waitForPage = (route, options = {}) =>
    mp.waitFor(() => mp.currentPage()?.route === route && mp.currentPage().rendered, { what: `page ${route}`, ...options })

  /**
   * Nothing left to do: no request in flight, no render pending, no short timer queued, for several turns of the
   * event loop in a row (work is queued in microtasks and zero-delay timers between answers).
   */
  mp.settled = ({ timeout = DEFAULT_WAIT_MS } = {}) =>
    new Promise((resolve, reject) => {
      const deadline = Date.now() + timeout
      let quietTurns = 0
      const idle = () => {
        if (inFlight.length || pendingRenders) return false
        for (const delay of timers.values()) if (delay < 1000) return false
        return true
      }
      const turn = () => {
        quietTurns = idle() ? quietTurns + 1 : 0
        if (quietTurns >= 5) return resolve()
        if (Date.now() > deadline) return reject(new Error(`${mp.currentPage()?.route} did not settle in ${timeout} ms`))
        setImmediate(turn)
      }
      setImmediate(turn)
    })

  mp.close = () => {
    mp.closed = true
    for (const handle of timers.keys()) {
      clearTimeout(handle)
      clearInterval(handle)
    }
    timers.clear()
    listeners.clear()
    process.off('unhandledRejection', onRejection)
  }

  // ---- cold start: the app, then the entry page ----
  guard('app load', () => requireFile(path.join(dist, 'app')))
  if (!appConfig) throw new Error(`app.js of ${dist} did not call App(): ${mp.errors.map((e) => e.error?.stack).join('\n')}`)
  const { route: entryRoute, query: entryQuery } = splitUrl(entry)
  const launchOptions = { path: entryRoute, query: entryQuery, scene: 1001 }
  guard('App onLaunch', () => appConfig.onLaunch?.(launchOptions))
  guard('App onShow', () => appConfig.onShow?.(launchOptions))
  if (knownPages.has(entryRoute)) guard('entry page', () => openPage(`/${entry}`, 'push'))
  else {
    mp.refusals.push({ kind: 'page-not-found', detail: entryRoute })
    guard('onPageNotFound', () => mp.pageNotFound?.({ path: entryRoute, query: entryQuery, isEntryPage: true }))
  }
  return mp
}

function safeJson(text) {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export const distOf = (root, kind) => {
  const dist = path.join(root, 'dist', kind)
  if (!existsSync(path.join(dist, 'app.js'))) throw new Error(`${dist} is not built: run ISTORE_API_ORIGIN=${TEST_ORIGIN} npm run build:${kind}`)
  return dist
}
