import { useEffect, useState } from 'react'
import { View } from '@tarojs/components'
import { Img } from '@/components/taro/Img'

/**
 * A real QR code of the room's link (this site's address of it), to scan with WeChat from another screen. The encoder
 * (uqr, about 8 KB gzip) is fetched with the first modal that needs it, not with the app.
 */
export function RoomQrCode({ path, label }: { path: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void import('uqr').then(({ renderSVG }) => {
      if (live) setSrc(`data:image/svg+xml,${encodeURIComponent(renderSVG(window.location.origin + path, { border: 2 }))}`)
    })
    return () => {
      live = false
    }
  }, [path])
  return (
    <View className="live-room-modal__qr" data-link={path}>
      {src ? <Img className="live-room-modal__qr-image" src={src} mode="aspectFit" alt={label} /> : null}
    </View>
  )
}
