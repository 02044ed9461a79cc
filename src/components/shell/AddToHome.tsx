import { Text, View } from '@tarojs/components'
import { useInstallPrompt } from '@/hooks/useInstallPrompt'
import { useT } from '@/hooks/useT'
import { Icon } from './Icons'
import '@/i18n/web'
import './AddToHome.scss'

/**
 * Spec §2 add-to-home prompt (H5 only: the browser must offer installation first). Docked at the foot of the screen,
 * on the tab bar or the page's own bar, never floating over the page (issue 42 n-8: its round icon covered the cart's
 * total, cards and the quantity row); the page gets room of the dock's height at its end, so nothing stays under it.
 * Not shown on the cart and checkout (installPromptAllowedOn).
 */
export function AddToHome() {
  const t = useT()
  const prompt = useInstallPrompt()
  if (prompt.state === 'hidden') return null
  if (prompt.state === 'icon') {
    return (
      <>
        <View className="add-to-home__room add-to-home__room--slim" aria-hidden="true" />
        <View className="add-to-home__dock add-to-home__dock--slim">
          <View className="add-to-home__icon" role="button" tabIndex={0} aria-label={t('install.icon')} onClick={prompt.install}>
            <Icon name="download" />
            <Text>{t('install.icon')}</Text>
          </View>
        </View>
      </>
    )
  }
  return (
    <>
      <View className="add-to-home__room" aria-hidden="true" />
      <View className="add-to-home__dock">
        <View className="add-to-home">
          <Text className="add-to-home__text">{t('install.text')}</Text>
          <View className="add-to-home__button add-to-home__button--primary" role="button" tabIndex={0} onClick={prompt.install}>
            <Text>{t('install.accept')}</Text>
          </View>
          <View className="add-to-home__button" role="button" tabIndex={0} onClick={prompt.dismiss}>
            <Text>{t('install.dismiss')}</Text>
          </View>
        </View>
      </View>
    </>
  )
}
