import { useEffect, useRef, useState } from 'react'
import { platform, type ShareResult } from '@/platform'

/** Spec §9: the copy-link confirmation stays 2 seconds. */
export const SHARE_NOTICE_MS = 2000

export interface ShareActionsState {
  /** 'open-type': the view renders WeChat's share button; otherwise a button that calls `share`. */
  sheet: 'open-type' | 'panel' | 'web'
  share: () => Promise<void>
  /** What the last share did, shown for SHARE_NOTICE_MS ('copied': the link is on the clipboard instead). */
  notice: Extract<ShareResult, 'copied' | 'failed'> | null
  /** A QR code of the link, for a desktop visitor to open the page on a phone. */
  showQrCode: boolean
}

export function useShareActions({ title, path }: { title: string; path: string }): ShareActionsState {
  const [notice, setNotice] = useState<ShareActionsState['notice']>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  const share = async () => {
    const result = await platform.sharePage({ title, path })
    if (result !== 'copied' && result !== 'failed') return
    setNotice(result)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setNotice(null), SHARE_NOTICE_MS)
  }
  return { sheet: platform.shareSheet, share, notice, showQrCode: platform.shareSheet === 'web' && !platform.environment().mobile }
}
