import { Text, View } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import { LinkQrCode } from '@/components/common/LinkQrCode'
import { useShareActions } from '@/hooks/useShareActions'
import { useT } from '@/hooks/useT'
import './ShareActions.scss'

/**
 * Share a public path (a campaign, a profile, the store with a referrer's id) with the platform's own sheet: WeChat's
 * share button, Alipay's share panel, the browser's share sheet or the link copied; plus a QR code on desktop.
 * The page calls usePageShare with the same title and path, so the mini-programs share exactly this.
 */
export function ShareActions({ title, path }: { title: string; path: string }) {
  const t = useT()
  const { sheet, share, notice, showQrCode } = useShareActions({ title, path })
  return (
    <View className="share-actions">
      {sheet === 'open-type' ? (
        <Button className="share-actions__button" openType="share">
          {t('share.button')}
        </Button>
      ) : (
        <Button className="share-actions__button" onClick={() => void share()}>
          {t('share.button')}
        </Button>
      )}
      {notice ? (
        <Text className={`share-actions__notice share-actions__notice--${notice}`} role={notice === 'failed' ? 'alert' : 'status'}>
          {t(notice === 'copied' ? 'share.copied' : 'share.failed')}
        </Text>
      ) : null}
      {showQrCode ? (
        <View className="share-actions__qr-box">
          <LinkQrCode className="share-actions__qr" path={path} label={t('share.qrLabel', { title })} />
          <Text className="share-actions__qr-hint">{t('share.qrHint')}</Text>
        </View>
      ) : null}
    </View>
  )
}
