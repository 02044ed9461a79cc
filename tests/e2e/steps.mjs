/**
 * Steps the browser tests share: visible locators, opening a path, waiting for an API answer, Taro inputs, sign-up, and
 * calling the API with the page's own session (cookies and XSRF token), the way the app does.
 */
import assert from 'node:assert/strict'

export const API = '/api/istore/client'
export const WAIT = { timeout: 30_000 }
export const PASSWORD = 'longenough1'

/** Taro H5 keeps earlier pages in the DOM, hidden: every locator is scoped to what is visible. */
export const visible = (page, selector) => page.locator(`${selector}:visible`)

export async function open(page, baseUrl, path) {
  await page.goto(baseUrl + path)
  await visible(page, '.shell').first().waitFor(WAIT)
}

/** Waits for the app's answer to a call, so the next step starts from the server's state. */
export function response(page, method, pathPart) {
  return page.waitForResponse((r) => r.request().method() === method && r.url().includes(`${API}${pathPart}`), WAIT)
}

/** A Taro Input renders <taro-input-core name=…><input name=…></taro-input-core>; the real input is the one to fill. */
export async function fillIn(page, scope, name, value) {
  const input = visible(page, `${scope} input[name="${name}"]`)
  await input.fill(value, WAIT)
  assert.equal(await input.inputValue(), value)
}

export const uniqueEmail = (tag) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`

/** Registers through /account/signup and lands on my account; answers the registration request's body. */
export async function signUp(page, baseUrl, { email, firstName, lastName }) {
  await open(page, baseUrl, '/account/signup')
  await visible(page, '.account-signup').waitFor(WAIT)
  for (const [name, value] of Object.entries({ firstName, lastName, emailID: email, password: PASSWORD, confirmPassword: PASSWORD })) {
    await fillIn(page, '.account-signup', name, value)
  }
  const registered = response(page, 'POST', '/common3/clientRegistration')
  await visible(page, '.account-signup .account-form__submit').click(WAIT)
  const answer = await registered
  assert.equal(answer.status(), 200)
  await page.waitForURL(`${baseUrl}/user/list`, WAIT)
  await visible(page, '.my-account').waitFor(WAIT)
  return answer.request().postDataJSON()
}

/** Calls the API as the page's shopper (its cookies, its XSRF token); answers the JSON body of a 200. */
export async function callApi(page, context, baseUrl, method, path, data) {
  if (!(await context.cookies(baseUrl)).some((c) => c.name === 'XSRF-TOKEN')) await page.request.get(`${baseUrl}${API}/health`)
  const xsrf = (await context.cookies(baseUrl)).find((c) => c.name === 'XSRF-TOKEN')?.value
  const res = await page.request.fetch(`${baseUrl}${API}${path}`, { method, data, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf ?? '') } })
  assert.equal(res.status(), 200, `${method} ${path}: ${await res.text()}`)
  return res.json()
}
