import { View, Text } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'
import './ShareBar.scss'

/** Spec §9: the copy-link confirmation stays 2 seconds. */
export const LINK_COPIED_MS = 2000

/**
 * Share buttons where the platform has a web link (H5): network popups (800x500) and copy link (spec §9), and on a
 * phone first the phone's own share sheet, where WeChat and the other apps shoppers use are (the link is copied where
 * the browser has none). Mini-programs share from their own menu (the page's useShareAppMessage), so nothing is
 * shown there.
 */
export function ShareBar({ title, path }: { title: string; path: string }) {
  const t = useT()
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  const { miniProgram, mobile } = platform.environment()
  if (miniProgram) return null

  const showCopied = () => {
    setCopied(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setCopied(false), LINK_COPIED_MS)
  }
  const copy = async () => {
    if (await platform.copyLink(path)) showCopied()
  }
  const shareToApps = async () => {
    if ((await platform.sharePage({ title, path })) === 'copied') showCopied()
  }

  return (
    <View className="share-bar">
      <Text className="share-bar__label">{t('product.share')}</Text>
      {mobile ? (
        <View className="share-bar__button share-bar__sheet" role="button" tabIndex={0} onClick={shareToApps}>
          {t('product.shareToApps')}
        </View>
      ) : null}
      <View className="share-bar__button" role="button" tabIndex={0} onClick={() => platform.share({ title, path, network: 'facebook' })}>
        {t('product.shareFacebook')}
      </View>
      <View className="share-bar__button" role="button" tabIndex={0} onClick={() => platform.share({ title, path, network: 'twitter' })}>
        {t('product.shareTwitter')}
      </View>
      <View className="share-bar__button share-bar__copy" role="button" tabIndex={0} onClick={copy}>
        {t('product.copyLink')}
      </View>
      {copied ? (
        <View className="share-bar__copied" role="status">
          {t('product.linkCopied')}
        </View>
      ) : null}
    </View>
  )
}
