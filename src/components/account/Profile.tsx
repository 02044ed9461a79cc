import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import { Img } from '@/components/taro/Img'
import { useProfile } from '@/hooks/useAccount'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useT } from '@/hooks/useT'
import { BusyButton } from './BusyButton'
import { Field, FormError } from './Field'
import { InNameOrder } from './InNameOrder'
import { fullName } from '@/domain/personName'
import { useLocale } from '@/stores/locale'
import './MyAccount.scss'

export function Profile() {
  const t = useT()
  const language = useLocale((s) => s.language)
  const p = useProfile()
  const toImageUrl = useImageUrl()
  const { user, form } = p
  const picture = toImageUrl(user?.profileImage)

  return (
    <View className="my-account__section profile">
      <Text className="my-account__heading">{t('user.profile.title')}</Text>
      <View className="profile__head">
        <View className="profile__picture" onClick={p.changeImage} role="button" tabIndex={0} aria-label={t('user.profile.changeImage')}>
          {picture ? <Img className="profile__image" src={picture} mode="aspectFill" alt="" /> : <Text className="profile__initial">{(user?.firstName ?? '?').slice(0, 1)}</Text>}
        </View>
        <View className="profile__who">
          <Text className="profile__name">{fullName(user?.firstName, user?.lastName, language)}</Text>
          <Text className="profile__email">{user?.emailID}</Text>
          {user?.phone ? <Text className="profile__phone">{user.phone}</Text> : null}
        </View>
      </View>
      <BusyButton className="profile__image-button" size="mini" busy={p.imageBusy} onClick={p.changeImage}>
        {t('user.profile.changeImage')}
      </BusyButton>
      <FormError message={p.imageError} />

      {p.editing ? (
        <View className="profile__form">
          <InNameOrder
            first={<Field {...form.field('firstName')} label={t('account.field.firstName')} maxlength={60} />}
            last={<Field {...form.field('lastName')} label={t('account.field.lastName')} maxlength={60} />}
          />
          <Field {...form.field('phone')} label={t('account.field.phone')} autoComplete="tel" inputType="tel" maxlength={30} />
          <FormError message={form.serverError} />
          <View className="my-account__actions">
            <BusyButton className="my-account__primary" size="mini" busy={form.busy} onClick={p.save}>
              {t('user.save')}
            </BusyButton>
            <Button size="mini" onClick={p.cancelEditing}>
              {t('user.cancel')}
            </Button>
          </View>
        </View>
      ) : (
        <Button size="mini" className="profile__edit" onClick={p.startEditing}>
          {t('user.profile.edit')}
        </Button>
      )}
    </View>
  )
}
