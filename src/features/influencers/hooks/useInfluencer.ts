/** One public influencer profile and its like: the count shown is the server's; a guest is sent to sign in first. */
import { useCallback, useState } from 'react'
import { influencerApi, type InfluencerDetail } from '@/features/influencers/api'
import { signInUrlFor } from '@/domain/accountForms'
import { messageOf } from '@/domain/errors'
import { platform } from '@/platform'
import { selectLoggedIn, useAppInfo } from '@/stores/appInfo'
import { useLoad } from '@/hooks/useLoad'

export function useInfluencer(id: string) {
  const loggedIn = useAppInfo(selectLoggedIn)
  // 404 (unknown, pending, suspended) is `missing`: "not available" rather than an error to retry.
  const load = useCallback(() => influencerApi.detail(id), [id])
  const detail = useLoad<InfluencerDetail>(load, !!id)
  const [liking, setLiking] = useState(false)
  const [likeError, setLikeError] = useState<string | null>(null)

  const like = async () => {
    if (!loggedIn) {
      platform.navigate(signInUrlFor(platform.currentRoute().path), 'push')
      return
    }
    if (!detail.data || liking) return
    setLiking(true)
    setLikeError(null)
    try {
      const answer = await influencerApi.like(id)
      detail.setData({ ...detail.data, liked: answer.liked, likes: answer.likes })
    } catch (err) {
      setLikeError(messageOf(err))
    } finally {
      setLiking(false)
    }
  }

  return { ...detail, liking, likeError, like }
}
