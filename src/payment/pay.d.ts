import type { PaymentOutcome, PaymentRequest } from '@/platform/types'

/**
 * Pays a reserved order with the platform's payment flow and ends on its confirmation page. Resolved per build
 * (pay.h5.ts, pay.weapp.ts, pay.alipay.ts) and imported only by the pages that take payments, so the mini-programs carry
 * it in those sub-packages rather than in the main package, and H5 in those pages' chunks.
 */
export declare function pay(request: PaymentRequest): Promise<PaymentOutcome>
