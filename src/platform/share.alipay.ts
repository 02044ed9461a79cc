/** Alipay's share panel (my.showSharePanel): it shares what the page's onShareAppMessage (usePageShare) returns. */
import type { ShareResult } from './types'

declare const my: { showSharePanel(): void }

export async function showSharePanel(): Promise<ShareResult> {
  try {
    my.showSharePanel()
    return 'shared'
  } catch {
    return 'failed'
  }
}
