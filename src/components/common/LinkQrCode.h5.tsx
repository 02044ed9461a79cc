import { useEffect, useState } from 'react'
import { View } from '@tarojs/components'
import { Img } from '@/components/taro/Img'

/**
 * A real QR code of `text`, to scan with a phone from a desktop screen. The encoder (uqr, about 8 KB gzip) is fetched
 * with the first view that needs it, not with the app.
 */
export function QrCode({ text, label, className }: { text: string; label: string; className: string }) {
  const [src, setSrc] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void import('uqr').then(({ renderSVG }) => {
      if (live) setSrc(`data:image/svg+xml,${encodeURIComponent(renderSVG(text, { border: 2 }))}`)
    })
    return () => {
      live = false
    }
  }, [text])
  return (
    <View className={className} data-qr={text}>
      {src ? <Img className={`${className}-image`} src={src} mode="aspectFit" alt={label} /> : null}
    </View>
  )
}

/** A QR code of a public path's absolute link on this site. */
export function LinkQrCode({ path, label, className }: { path: string; label: string; className: string }) {
  return <QrCode text={window.location.origin + path} label={label} className={className} />
}
