import { Text, View } from '@tarojs/components'
import { Link } from '@/components/common/Link'
import { usePoweredBy } from '@/hooks/useFooter'
import { useT } from '@/hooks/useT'
import './PoweredBy.scss'

/** Spec §2 'PWA POWERED BY' bar (footer and side menu); a spacer where it is hidden inside a WeChat mini-program. */
export function PoweredBy() {
  const t = useT()
  const { poweredBy } = usePoweredBy()
  if (poweredBy.kind === 'hidden') return null
  if (poweredBy.kind === 'spacer') return <View className="powered-by__spacer" />
  const { name, url, showDefaultLink, showJoiner, defaultUrl } = poweredBy
  const label = name ?? url
  return (
    <View className="powered-by">
      <Text className="powered-by__title">{t('footer.poweredBy')}</Text>
      {showDefaultLink &&
        (defaultUrl ? (
          <Link className="powered-by__provider powered-by__provider--link powered-by__default" to={defaultUrl} external>
            {t('footer.defaultProvider')}
          </Link>
        ) : (
          <Text className="powered-by__provider">{t('footer.defaultProvider')}</Text>
        ))}
      {showJoiner && <Text className="powered-by__joiner">&amp;</Text>}
      {label &&
        (url ? (
          <Link className="powered-by__provider powered-by__provider--link" to={url} external>
            {label}
          </Link>
        ) : (
          <Text className="powered-by__provider">{label}</Text>
        ))}
    </View>
  )
}
