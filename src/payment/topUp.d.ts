import type { TopUpOutcome, TopUpRequest } from '@/platform/types'

/**
 * Pays a store-credit top-up with the platform's payment flow (WeChat requestPayment, Alipay tradePay, H5 redirect).
 * Resolved per build (topUp.h5.ts, topUp.weapp.ts, topUp.alipay.ts) and imported only by the top-up, so the
 * mini-programs carry it in the sub-package of My account rather than in the main package.
 */
export declare function topUp(request: TopUpRequest): Promise<TopUpOutcome>
