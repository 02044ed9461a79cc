import { browserExit } from '@/payment/pay.h5'

/**
 * The addresses the page sends the browser away to (a hosted payment page, say): browserExit.assign is spied on before
 * each test of the calling block and restored after it, and the list it answers is emptied before each test.
 */
export function recordBrowserExits(): string[] {
  const exits: string[] = []
  let spy: jest.SpyInstance
  beforeEach(() => {
    exits.length = 0
    spy = jest.spyOn(browserExit, 'assign').mockImplementation((url) => void exits.push(url))
  })
  afterEach(() => spy.mockRestore())
  return exits
}
