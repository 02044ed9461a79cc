import { View, Text } from '@tarojs/components'
import { RichText } from '@/components/taro/FormComponents'
import { EmptyState } from '@/components/common/EmptyState'
import { Spinner } from '@/components/common/Spinner'
import { Shell } from '@/components/shell/Shell'
import { useLocalized } from '@/hooks/useLocalized'
import { usePageContent } from '@/hooks/usePageContent'
import { useRoute } from '@/hooks/useRoute'
import { useT } from '@/hooks/useT'
import './index.scss'

/** /{name}: a page the store operator wrote (about, shipping, privacy...). */
export default function GeneralPage() {
  const t = useT()
  const localized = useLocalized()
  const route = useRoute()
  const { page, error, retry } = usePageContent(route.params.name ?? '')

  let body
  if (error) body = <EmptyState tone="error" message={t('store.loadFailed', { message: error })} action={{ label: t('store.retry'), onClick: retry }} />
  else if (!page) body = <Spinner label={t('store.loading')} />
  else {
    body = (
      <View className="general-page">
        <Text className="general-page__title">{localized(page.title, page.pageName)}</Text>
        {/* The operator's own HTML for their store. */}
        <RichText className="general-page__content" nodes={localized(page.content, '')} />
      </View>
    )
  }
  return <Shell title={page ? localized(page.title, page.pageName) : undefined}>{body}</Shell>
}
