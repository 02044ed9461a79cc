/**
 * Steps of the back office's journeys (issue 43): staff accounts made with the staff CLI while the server is stopped
 * (the embedded database is one process's), signing in at /admin, and the shopper's side of an order placed through
 * the API with the page's own session. Needs dist/admin (npm run build:admin) beside dist/h5.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { callApi, PASSWORD } from './steps.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const STAFF_PASSWORD = 'counter-password-1'
export const ADMIN_API = '/api/istore/admin'
/** The back office's sign-in screen needs 0.8 MB of scripts, the desk 1.2 MB: on a machine busy with the whole suite its first paint can take a while. */
export const WAIT = { timeout: 60_000 }

export function requireAdminBuild() {
  if (!fs.existsSync(path.join(root, 'dist/admin/index.html'))) throw new Error('dist/admin is not built: run npm run build:admin')
}

/** Adds staff accounts with `npm --prefix server run staff -- add`, the server stopped meanwhile. */
export async function addStaff(stack, accounts) {
  const file = path.join(stack.dataDir, 'staff-password.txt')
  fs.writeFileSync(file, `${STAFF_PASSWORD}\n`)
  await stack.restart(() => {
    for (const { email, role } of accounts) {
      const out = execFileSync('npm', ['--prefix', 'server', 'run', '--silent', 'staff', '--', 'add', email, '--role', role, '--password-file', file], {
        cwd: root,
        env: { ...process.env, DATA_DIR: stack.dataDir, DATABASE_URL: '' },
        encoding: 'utf8'
      })
      assert.match(out, new RegExp(`added ${email.replace(/[.@]/g, '\\$&')} as ${role}`))
    }
  })
  fs.rmSync(file)
}

/** The two accounts the back-office journeys sign in with: an owner and a staff member. */
export const OWNER = 'owner@shop.example'
export const CLERK = 'clerk@shop.example'
const staffed = new WeakMap()

/** Adds OWNER and CLERK once per stack (the journeys of a file share it), checking the admin build first. */
export function ownerAndClerk(stack) {
  if (!staffed.has(stack)) {
    requireAdminBuild()
    staffed.set(stack, addStaff(stack, [{ email: OWNER, role: 'owner' }, { email: CLERK, role: 'staff' }]))
  }
  return staffed.get(stack)
}

/** Signs in at /admin with the form (labels in the page's language) and waits for the orders desk. */
export async function signInAtAdmin(page, baseUrl, email, labels) {
  await page.goto(`${baseUrl}/admin`)
  await page.getByLabel(labels.email).fill(email, WAIT)
  await page.getByLabel(labels.password).fill(STAFF_PASSWORD, WAIT)
  const signedIn = page.waitForResponse((r) => r.url().endsWith(`${ADMIN_API}/signin`), WAIT)
  await page.getByRole('button', { name: labels.signIn }).click(WAIT)
  assert.equal((await signedIn).status(), 200)
  await page.getByTestId('live-count').waitFor(WAIT)
}

/** Calls the back office's API with the page's staff session (cookies) and its XSRF token, as the app does. */
export async function adminApi(page, baseUrl, method, apiPath, data) {
  const session = await (await page.request.get(`${baseUrl}${ADMIN_API}/session`)).json()
  const res = await page.request.fetch(`${baseUrl}${ADMIN_API}${apiPath}`, { method, data, headers: { 'X-XSRF-ADMIN': session.xsrfToken } })
  return { status: res.status(), body: await res.json() }
}

/** A signed-in shopper (registered through the API in the page's session) with a pickup order at TOR-DT; answers its id. */
export async function shopperOrder(page, context, baseUrl, { email, pay }) {
  await callApi(page, context, baseUrl, 'POST', '/common3/clientRegistration', { emailID: email, password: PASSWORD, firstName: 'Pat', lastName: 'Pickup' })
  await callApi(page, context, baseUrl, 'POST', '/shoppingManagement4/myCart', { productId: '1012', quantity: 2 })
  await callApi(page, context, baseUrl, 'POST', '/shoppingManagement4/updateOrderMethod', { method: 'PICKUP' })
  await callApi(page, context, baseUrl, 'POST', '/shoppingManagement4/orderContactInfo?localStoreName=TOR-DT&methodName=PICKUP',
    { firstName: 'Pat', lastName: 'Pickup', email, phone: '416-555-0142' })
  const { orderID } = await callApi(page, context, baseUrl, 'POST', '/shoppingManagement4/reserve')
  if (pay === 'online') {
    const { redirectUrl } = await callApi(page, context, baseUrl, 'POST', '/shoppingManagement4/requestOTTH5Payment', { orderID })
    const sandboxPage = new URL(redirectUrl).pathname
    await callApi(page, context, baseUrl, 'POST', `${sandboxPage.replace('/api/istore/client', '')}/pay`)
  } else {
    await callApi(page, context, baseUrl, 'POST', `/shoppingManagement4/billing/${orderID}`, { method: 'PAY_AT_STORE' })
  }
  return orderID
}
