import { Text, View } from '@tarojs/components'
import { usePoweredBy } from '@/hooks/useFooter'
import { useT } from '@/hooks/useT'
import './PoweredBy.scss'

/** Spec §2 'PWA POWERED BY' bar (footer and side menu); a spacer where it is hidden inside a WeChat mini-program. */
export function PoweredBy() {
  const t = useT()
  const { poweredBy, openExternal } = usePoweredBy()
  if (poweredBy.kind === 'hidden') return null
  if (poweredBy.kind === 'spacer') return <View className="powered-by__spacer" />
  const { name, url, showDefaultLink, showJoiner, defaultUrl } = poweredBy
  const label = name ?? url
  return (
    <View className="powered-by">
      <Text className="powered-by__title">{t('footer.poweredBy')}</Text>
      {showDefaultLink &&
        (defaultUrl ? (
          <Text className="powered-by__provider powered-by__provider--link powered-by__default" role="link" onClick={() => openExternal(defaultUrl)}>
            {t('footer.defaultProvider')}
          </Text>
        ) : (
          <Text className="powered-by__provider">{t('footer.defaultProvider')}</Text>
        ))}
      {showJoiner && <Text className="powered-by__joiner">&amp;</Text>}
      {label &&
        (url ? (
          <Text className="powered-by__provider powered-by__provider--link" onClick={() => openExternal(url)}>
            {label}
          </Text>
        ) : (
          <Text className="powered-by__provider">{label}</Text>
        ))}
    </View>
  )
}
