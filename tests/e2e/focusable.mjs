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
