/** Checkout's slim header: the store's logo (home) and the way back to the cart, nothing to wander off to. */
import { CART_URL } from '@/domain/cartAction'
import { imageUrl } from '@shared/imageUrl'
import { HOME_PATH } from '@shared/routes'
import { useStoreName } from '@/hooks/useShellAccount'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'
import { useAppInfo } from '@/stores/appInfo'

export function useCheckoutHeader() {
  const t = useT()
  const content = useAppInfo((s) => s.info?.appContent)
  return {
    storeName: useStoreName(t('header.storeFallback')),
    logoUrl: imageUrl(content?.logo?.imageURL, content?.appDetail?.cdnpath, platform.apiOrigin()),
    homeUrl: HOME_PATH,
    cartUrl: CART_URL
  }
}
