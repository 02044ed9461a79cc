import '@testing-library/jest-dom'
import { MOCK_XSRF_TOKEN, takeContractViolations } from './mockHttp'
import { testControl } from './taroMock'
// In the app the account/checkout/confirmation texts come with their pages; components are tested on their own.
import '@/i18n/more'

beforeEach(() => {
  testControl.reset()
  window.localStorage.clear()
  // A session whose first answer has come (it brings the XSRF cookie); tests of a cold start clear it.
  document.cookie = `XSRF-TOKEN=${MOCK_XSRF_TOKEN}; path=/`
})

afterEach(() => {
  const problems = takeContractViolations()
  if (problems.length) throw new Error(`Mocked answers outside the contract:\n${[...new Set(problems)].join('\n')}`)
})
