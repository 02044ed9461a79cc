/**
 * WeChat's view layer for captured page data: the build's own base.wxml, utils.wxs, comp.wxml, custom-wrapper.wxml
 * and page .wxml compiled by WeChat's compiler (wcc, npm miniprogram-compiler) and rendered by miniprogram-simulate
 * (j-component on jsdom). The page, comp and custom-wrapper get stand-in scripts (the built ones are webpack
 * chunks for the logic layer): they only hold the data and hand every `eh` event back to the test. No styles, no
 * layout; native components (image, input, swiper...) are elements carrying their data only.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { JSDOM } from 'jsdom'

const require = createRequire(import.meta.url)

/** j-component renders into the global document, as in a jsdom test environment. */
function installDom() {
  if (globalThis.document) return
  const { window } = new JSDOM('<!doctype html><html><head></head><body></body></html>', { pretendToBeVisual: true })
  for (const key of ['window', 'document', 'Node', 'Element', 'HTMLElement', 'Event', 'CustomEvent', 'MutationObserver', 'getComputedStyle', 'requestAnimationFrame']) {
    Object.defineProperty(globalThis, key, { value: key === 'window' ? window : window[key], configurable: true, writable: true })
  }
}

const STAND_IN_EVENTS = '__istoreViewEvents'
const standIn = (members) => `Component({ ${members} methods: { eh(event) { global.${STAND_IN_EVENTS}.push(event) } } })\n`
const SHARED_COMPONENTS = { comp: 'comp', 'custom-wrapper': 'custom-wrapper' }

/**
 * Renders `data` (mp.viewData()) of the page `route` through dist/weapp's templates. Returns the rendered root, its
 * text, a `tap(sid)` that fires a tap in the view layer and returns the `eh` events it produced (bubbling included),
 * and `close()`.
 */
export function renderWeChatView(dist, route, data) {
  installDom()
  globalThis[STAND_IN_EVENTS] = []
  const simulate = require('miniprogram-simulate')
  const root = mkdtempSync(path.join(tmpdir(), 'istore-view-'))
  for (const file of ['base.wxml', 'utils.wxs', 'comp.wxml', 'custom-wrapper.wxml']) cpSync(path.join(dist, file), path.join(root, file))
  for (const name of Object.keys(SHARED_COMPONENTS)) {
    writeFileSync(path.join(root, `${name}.json`), JSON.stringify({ component: true, usingComponents: { comp: './comp', 'custom-wrapper': './custom-wrapper' } }))
    writeFileSync(path.join(root, `${name}.js`), standIn("properties: { i: { type: Object, value: {} }, l: { type: String, value: '' } },"))
  }
  const page = path.join(root, route)
  mkdirSync(path.dirname(page), { recursive: true })
  cpSync(path.join(dist, `${route}.wxml`), `${page}.wxml`)
  const toRoot = path.relative(path.dirname(page), root) || '.'
  writeFileSync(`${page}.json`, JSON.stringify({ component: true, usingComponents: { comp: `${toRoot}/comp`, 'custom-wrapper': `${toRoot}/custom-wrapper` } }))
  writeFileSync(`${page}.js`, standIn('data: { root: null },'))

  const id = simulate.load(page, { rootPath: root })
  const component = simulate.render(id, {})
  component.attach(document.createElement('parent-wrapper'))
  component.setData(data)
  return {
    dom: component.dom,
    text: () => component.dom.textContent,
    /**
     * Taps the element with this sid (its `id` in the template); j-component bubbles it through the templates'
     * bindings, across components, a microtask later. Resolves to the `eh` events it produced.
     */
    async tap(sid) {
      const target = component.querySelector(`#${sid}`)
      if (!target) throw new Error(`the view has no element #${sid}`)
      globalThis[STAND_IN_EVENTS] = []
      target.dispatchEvent('tap', { detail: { x: 10, y: 10 } })
      await new Promise((resolve) => setImmediate(resolve))
      return globalThis[STAND_IN_EVENTS]
    },
    close() {
      component.detach()
      rmSync(root, { recursive: true, force: true })
    }
  }
}
