/**
 * Steps a shopper takes in the browser tests, shared by the test files: locate what is visible, fill a Taro input, wait
 * for the app's call, open a page, sign up. `baseUrl()` answers the running server's address (it may change when a
 * test restarts the server).
 */
import assert from 'node:assert/strict'

export const API = '/api/istore/client'
export const WAIT = { timeout: 30_000 }
export const PASSWORD = 'correct-horse-9'

export const uniqueEmail = (tag) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`

/** Taro H5 keeps earlier pages in the DOM, hidden: every locator is scoped to what is visible. */
export const visible = (page, selector) => page.locator(`${selector}:visible`)

/** A Taro Input renders <taro-input-core name=…><input name=…></taro-input-core>; the real input is the one to fill. */
export async function fill(page, scope, name, value) {
  const input = visible(page, `${scope} input[name="${name}"]`)
  await input.fill(value, WAIT)
  assert.equal(await input.inputValue(), value)
}

/** Waits for the app's answer to a call, so the next step starts from the server's state. */
export function response(page, method, pathPart) {
  return page.waitForResponse((r) => r.request().method() === method && r.url().includes(`${API}${pathPart}`), WAIT)
}

export function shopperSteps(baseUrl) {
  async function open(page, path) {
    await page.goto(baseUrl() + path)
    await visible(page, '.shell').first().waitFor(WAIT)
  }

  async function signUp(page, { email, firstName, lastName }) {
    await open(page, '/account/signup')
    await visible(page, '.account-signup').waitFor(WAIT)
    await fill(page, '.account-signup', 'firstName', firstName)
    await fill(page, '.account-signup', 'lastName', lastName)
    await fill(page, '.account-signup', 'emailID', email)
    await fill(page, '.account-signup', 'password', PASSWORD)
    await fill(page, '.account-signup', 'confirmPassword', PASSWORD)
    const registered = response(page, 'POST', '/common3/clientRegistration')
    await visible(page, '.account-signup .account-form__submit').click(WAIT)
    assert.equal((await registered).status(), 200)
    await page.waitForURL(`${baseUrl()}/user/list`, WAIT)
    await visible(page, '.my-account').waitFor(WAIT)
  }

  return { open, signUp }
}
