import { View, Text } from '@tarojs/components'
import { Shell } from '@/components/shell/Shell'
import { SignedIn } from '@/components/account/SignedIn'
import { EmptyState } from '@/components/common/EmptyState'
import { Spinner } from '@/components/common/Spinner'
import { InfluencerEditor } from '@/features/influencers/components/InfluencerEditor'
import { InfluencerStatusPanel } from '@/features/influencers/components/InfluencerStatusPanel'
import { useInfluencerEditor } from '@/features/influencers/hooks/useInfluencerEditor'
import { useT } from '@/hooks/useT'
import '@/i18n/more'
import '@/components/account/AccountPage.scss'
import '@/features/influencers/components/Influencers.scss'
import '@/features/influencers/i18n'

function MyInfluencerProfile() {
  const t = useT()
  const editor = useInfluencerEditor()
  if (editor.loadError) return <EmptyState tone="error" message={t('common.error', { message: editor.loadError })} action={{ label: t('common.retry'), onClick: editor.reload }} />
  if (editor.loading || !editor.status) return <Spinner label={t('common.loading')} />
  return (
    <View className="account-page influencer-mine">
      <Text className="account-page__title">{t('influencer.mine.title')}</Text>
      <InfluencerStatusPanel status={editor.status} editing={editor.editing} onEdit={editor.startEditing} />
      {/* After a submit: waiting for the store, or published at once by the content check (checking and refusals: the panel). */}
      {editor.saved && (editor.status.review === 'PENDING' || editor.status.review === 'NONE') ? (
        <View className="influencer-mine__saved" role="status">
          <Text>{t(editor.status.review === 'NONE' ? 'influencer.savedPublished' : 'influencer.saved')}</Text>
        </View>
      ) : null}
      {editor.editing ? <InfluencerEditor editor={editor} /> : null}
    </View>
  )
}

/** /user/influencer: the shopper's application, its status and the profile editor. */
export default function Page() {
  const t = useT()
  return (
    <Shell title={t('influencer.mine.title')}>
      <SignedIn>
        <MyInfluencerProfile />
      </SignedIn>
    </Shell>
  )
}
