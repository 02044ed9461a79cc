import '@testing-library/jest-dom'
import { format } from 'node:util'
import { MOCK_XSRF_TOKEN, takeContractViolations } from './mockHttp'
import { testControl } from './taroMock'
// In the app the account/checkout/confirmation and the browse texts come with their pages; components are tested on their own.
import '@/i18n/more'
import '@/i18n/browse'

/** What console.error printed during the test: a React warning or a web component's crash fails the test. */
let consoleErrors: string[] = []

beforeEach(() => {
  testControl.reset()
  window.localStorage.clear()
  // A session whose first answer has come (it brings the XSRF cookie); tests of a cold start clear it.
  document.cookie = `XSRF-TOKEN=${MOCK_XSRF_TOKEN}; path=/`
  consoleErrors = []
  // jsdom lays nothing out and has no window.scrollTo: a call is recorded (revealing an invalid field scrolls).
  window.scrollTo = jest.fn()
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(format(...args))
  })
})

afterEach(() => {
  jest.mocked(console.error).mockRestore()
  const printed = consoleErrors
  consoleErrors = []
  if (printed.length) throw new Error(`console.error during the test:\n${printed.map((text) => text.slice(0, 2000)).join('\n---\n')}`)
  const problems = takeContractViolations()
  if (problems.length) throw new Error(`Mocked answers outside the contract:\n${[...new Set(problems)].join('\n')}`)
})
