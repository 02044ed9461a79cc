import { View, Text } from '@tarojs/components'
import { EmptyState } from '@/components/common/EmptyState'
import { useT } from '@/hooks/useT'
import { useWeChatBinding } from '@/hooks/useWeChatBinding'
import { BusyButton } from './BusyButton'
import { FormError } from './Field'
import './MyAccount.scss'

/** My account's WeChat link: shown where WeChat gives the shopper's identity (the WeChat mini-program, and WeChat's browser when the store has an official account). */
export function WeChatBindingPanel() {
  const t = useT()
  const b = useWeChatBinding()
  if (!b.available) return null
  return (
    <View className="my-account__section wechat-binding">
      <Text className="my-account__heading">{t('user.wechat.title')}</Text>
      {b.loadError ? <EmptyState tone="error" message={t('common.error', { message: b.loadError })} action={{ label: t('common.retry'), onClick: b.reload }} /> : null}
      {b.bound === true ? <Text className="my-account__empty" role="status">{t('user.wechat.linked')}</Text> : null}
      {b.bound === false ? (
        <View>
          <Text className="my-account__empty">{t('user.wechat.notLinked')}</Text>
          <BusyButton className="wechat-binding__link" busy={b.linking} onClick={() => void b.link()}>
            {t('user.wechat.link')}
          </BusyButton>
          <FormError message={b.error} />
        </View>
      ) : null}
    </View>
  )
}
