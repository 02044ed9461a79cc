/**
 * The keyboard check of issue 42 item 1 for any page a browser test has open: every operable control is a tab stop.
 * Used on each page of the keyboard journey (keyboard.test.mjs); another test calls assertAllFocusable(page, 'where').
 */
import assert from 'node:assert/strict'

/**
 * Every shown element a shopper could operate (a button or link role, a link, a native control) that the keyboard
 * cannot reach: tabIndex < 0 while not disabled (disabled, or aria-disabled="true"). What assistive technology does not
 * see (inside aria-hidden="true" or inert) has no role to reach, and Taro's hidden earlier pages are not shown.
 */
export async function unreachableControls(page) {
  return page.evaluate(() => {
    const shown = (el) => {
      if (!el.getClientRects().length) return false
      const style = getComputedStyle(el)
      return style.visibility !== 'hidden' && style.display !== 'none'
    }
    const disabled = (el) => el.disabled === true || el.hasAttribute('disabled') || el.getAttribute('aria-disabled') === 'true'
    const selector = '[role="button"], [role="link"], a[href], button, input:not([type="hidden"]), select, textarea'
    const operable = [...document.querySelectorAll(selector)].filter((el) => shown(el) && !disabled(el) && !el.closest('[aria-hidden="true"], [inert]'))
    return {
      checked: operable.length,
      unreachable: operable
        .filter((el) => el.tabIndex < 0)
        .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}" role="${el.getAttribute('role') ?? ''}"> ${(el.textContent ?? '').trim().slice(0, 40)}`)
    }
  })
}

/** Every operable control of the page is a tab stop; `least`: how many controls the page shows at least (a check of nothing passes nothing). */
export async function assertAllFocusable(page, where, least = 3) {
  const { checked, unreachable } = await unreachableControls(page)
  assert.deepEqual(unreachable, [], `controls the keyboard cannot reach on ${where}`)
  assert.ok(checked >= least, `${checked} controls checked on ${where}`)
}

/**
 * The same check on every page the browser suite visits (issue 42 item 1), installed by the harness on every context
 * its browser opens (watchFocusability). Each route is checked once per window size (de-duplicated across the test
 * file's contexts) at the moment the test leaves it: before a history push or replace, on a back or forward step
 * (the old page is still drawn when the popstate listeners run, the app's own included, since ours is registered
 * first), when the document is unloaded (reported by the tab's next document), and when the test closes its context. By then the page holds what the test
 * waited for, so a check of a page half drawn is rare; a page with nothing operable shown is not counted as checked.
 * The page calls back to the test process only with what failed; nothing runs while the test waits.
 */
function focusWatch({ checked }) {
  const STORE = '__istoreFocusChecked'
  const PENDING = '__istoreFocusPending'
  const done = new Set(checked)
  try {
    for (const key of JSON.parse(sessionStorage.getItem(STORE) ?? '[]')) done.add(key)
  } catch {
    // storage refused (opaque origin): the test process' list still de-duplicates across contexts
  }
  let route = location.pathname
  const shown = (el) => {
    if (!el.getClientRects().length) return false
    const style = getComputedStyle(el)
    return style.visibility !== 'hidden' && style.display !== 'none'
  }
  const disabled = (el) => el.matches(':disabled') || el.hasAttribute('disabled') || el.getAttribute('aria-disabled') === 'true'
  const SELECTOR = '[role="button"], [role="link"], a[href], button, input:not([type="hidden"]), select, textarea'
  const check = () => {
    // The window's size now: a test may resize its window between pages.
    const size = `${innerWidth}x${innerHeight}`
    const key = `${size} ${route}`
    if (done.has(key) || !document.body || location.protocol === 'about:') return
    const operable = [...document.querySelectorAll(SELECTOR)].filter((el) => !el.closest('[aria-hidden="true"], [inert]') && shown(el) && !disabled(el))
    if (!operable.length) return
    done.add(key)
    try {
      sessionStorage.setItem(STORE, JSON.stringify([...done]))
    } catch {
      // as above
    }
    const failures = operable.filter((el) => el.tabIndex < 0).map((el) => el.outerHTML.replace(/\s+/g, ' ').slice(0, 300))
    const report = { key, route, size, checked: operable.length, failures }
    if (!unloading) return window.__istoreFocusReport?.(report)
    // A call to the test process from an unloading document is lost: the next document of the tab sends it.
    try {
      sessionStorage.setItem(PENDING, JSON.stringify(report))
    } catch {
      // as above
    }
  }
  let unloading = false
  try {
    const pending = sessionStorage.getItem(PENDING)
    if (pending) {
      sessionStorage.removeItem(PENDING)
      window.__istoreFocusReport?.(JSON.parse(pending))
    }
  } catch {
    // as above
  }
  // The check never stands in the app's way: if it throws, the navigation still happens and the file fails with why.
  const checkSafely = () => {
    try {
      check()
    } catch (e) {
      window.__istoreFocusReport?.({ key: `error ${route}`, route, size: `${innerWidth}x${innerHeight}`, checked: 0, failures: [`the focusability check threw: ${e}`] })
    }
  }
  for (const name of ['pushState', 'replaceState']) {
    const original = history[name]
    history[name] = function (...args) {
      checkSafely()
      const result = original.apply(this, args)
      route = location.pathname
      return result
    }
  }
  addEventListener('popstate', () => {
    checkSafely()
    route = location.pathname
  })
  addEventListener('pagehide', () => {
    unloading = true
    checkSafely()
  })
  window.__istoreFocusCheckNow = check
}

/** What the focusability watch found in this test file: checked route keys and the failures. */
const watched = { checked: new Set(), failures: [], routes: 0 }

/**
 * Installs the check on a context (every page it opens); routes are told apart by path and window size (e.g.
 * "390x844 /checkout/cart"). context.close() first checks the pages still open (one evaluate each).
 */
export async function watchFocusability(context) {
  await context.exposeBinding('__istoreFocusReport', (_source, report) => {
    if (watched.checked.has(report.key)) return
    watched.checked.add(report.key)
    watched.routes++
    for (const html of report.failures) watched.failures.push(`${report.route} at ${report.size}: ${html}`)
  })
  await context.addInitScript(focusWatch, { checked: [...watched.checked] })
  const close = context.close.bind(context)
  context.close = async (...args) => {
    for (const page of context.pages()) await page.evaluate(() => window.__istoreFocusCheckNow?.()).catch(() => {})
    return close(...args)
  }
}

/** Fails (in the file's `after`) with every control the keyboard could not reach on a page this file visited. */
export function assertWatchedFocusable() {
  assert.deepEqual(watched.failures, [], `controls the keyboard cannot reach (route at window size: element), on ${watched.routes} checked routes`)
}
