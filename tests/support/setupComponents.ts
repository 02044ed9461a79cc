import '@testing-library/jest-dom'
import { testControl } from './taroMock'
// In the app the account/checkout/confirmation texts come with their pages; components are tested on their own.
import '@/i18n/more'

beforeEach(() => {
  testControl.reset()
  window.localStorage.clear()
})
