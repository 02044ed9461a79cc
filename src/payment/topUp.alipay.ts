/** Store-credit top-up in the Alipay mini-program; in the user sub-package with the page that offers it, not in main. */
import { depositApi } from '@/api/deposits'
import { ShopperError } from '@/domain/errors'
import { tradePay } from './pay.alipay'
import type { TopUpOutcome, TopUpRequest } from '@/platform/types'

/** my.tradePay: 8000 and 6004 mean Alipay is still processing (no result to report yet). */
const ALIPAY_PROCESSING = ['8000', '6004']

/** A store-credit top-up: the server's trade, Alipay's sheet, then its result to the server. */
export async function topUp({ amount }: TopUpRequest): Promise<TopUpOutcome> {
  const { depositID, tradeNO } = await depositApi.apply({ amount, channel: 'ALIPAY_MINI_PROGRAM' })
  if (!tradeNO) throw new ShopperError('checkout.error.alipayNotStarted', 'Alipay did not start')
  const resultCode = await tradePay(tradeNO)
  const deposit = await depositApi.status(
    resultCode === '9000'
      ? { depositID, clientReport: 'PAID' }
      : ALIPAY_PROCESSING.includes(resultCode)
        ? { depositID }
        : { depositID, clientReport: 'FAILED', errorMessage: `Alipay ${resultCode}` }
  )
  return { kind: 'settled', deposit }
}
