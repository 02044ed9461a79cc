import '@testing-library/jest-dom'
import { takeContractViolations } from './mockHttp'
import { testControl } from './taroMock'
// In the app the account/checkout/confirmation texts come with their pages; components are tested on their own.
import '@/i18n/more'

beforeEach(() => {
  testControl.reset()
  window.localStorage.clear()
})

afterEach(() => {
  const problems = takeContractViolations()
  if (problems.length) throw new Error(`Mocked answers outside the contract:\n${[...new Set(problems)].join('\n')}`)
})
