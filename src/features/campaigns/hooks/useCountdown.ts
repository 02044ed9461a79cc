/**
 * A countdown to `endsAt` on the server's clock: the offset between the server's time (sent with every campaign
 * answer) and this device's is taken when the answer arrives, and the countdown ticks every second from there.
 */
import { useEffect, useMemo, useState } from 'react'
import { clockOffset, countdown, type Countdown } from '@/features/campaigns/campaigns'

export function useServerOffset(serverTime: string | undefined): number {
  // The offset belongs to the answer that carried serverTime: recomputed only when a new answer arrives.
  return useMemo(() => (serverTime ? clockOffset(serverTime, Date.now()) : 0), [serverTime])
}

export function useCountdown(endsAt: string | undefined, offset: number): Countdown | null {
  const [now, setNow] = useState(() => Date.now())
  const left = endsAt ? countdown(endsAt, now, offset) : null
  const running = !!left && left.remaining > 0
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [running])
  return left
}
