import '@testing-library/jest-dom'
import { testControl } from './taroMock'

beforeEach(() => {
  testControl.reset()
  window.localStorage.clear()
})
