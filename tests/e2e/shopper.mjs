/**
 * The shared steps (steps.mjs) bound to a server whose address may change when a test restarts it: `baseUrl()`
 * answers the running server's address.
 */
import { open as openAt, signUp as signUpAt } from './steps.mjs'

export { API, WAIT, PASSWORD, fillIn as fill, response, uniqueEmail, visible } from './steps.mjs'

export function shopperSteps(baseUrl) {
  return {
    open: (page, path) => openAt(page, baseUrl(), path),
    signUp: async (page, shopper) => void (await signUpAt(page, baseUrl(), shopper))
  }
}
