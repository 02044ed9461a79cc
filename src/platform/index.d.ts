import type { Platform } from './types'

export * from './types'
/** Resolved per build: index.h5.ts, index.weapp.ts or index.alipay.ts. */
export declare const platform: Platform
