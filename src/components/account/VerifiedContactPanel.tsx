import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import { Img } from '@/components/taro/Img'
import { ID_TYPES, type VerifiedContactStatus } from '@/api/account'
import { EmptyState } from '@/components/common/EmptyState'
import { useFieldLink } from '@/hooks/useFieldLink'
import { useT } from '@/hooks/useT'
import { useVerifiedContact } from '@/hooks/useVerifiedContact'
import { BusyButton } from './BusyButton'
import { Field, FormError } from './Field'
import './MyAccount.scss'
import './VerifiedContactPanel.scss'

const STATUS_KEY = {
  NONE: 'user.verified.status.NONE',
  PENDING: 'user.verified.status.PENDING',
  VERIFIED: 'user.verified.status.VERIFIED'
} as const satisfies Record<VerifiedContactStatus, string>

const day = (iso: string) => iso.slice(0, 10)

/**
 * My account's verified contact: status, what is on file (number masked) and until when, the separate consent step
 * before the form (issue 41: the purpose, who sees the details, how long they are kept), the form to submit or change
 * them, and "Delete my ID details" with its confirmation.
 */
export function VerifiedContactPanel() {
  const t = useT()
  const v = useVerifiedContact()
  const { form, onFile } = v
  const idTypeLink = useFieldLink(form.errors.idType)
  const typeLabel = (type: (typeof ID_TYPES)[number]) => t(`user.verified.idType.${type}`)

  return (
    <View className="my-account__section verified-contact">
      <Text className="my-account__heading">{t('user.verified.title')}</Text>
      {v.loadError ? <EmptyState tone="error" message={t('common.error', { message: v.loadError })} action={{ label: t('common.retry'), onClick: v.reload }} /> : null}
      {v.status ? (
        <View className="verified-contact__status">
          <Text>{t('user.verified.status')}</Text>
          <Text className={`verified-contact__badge verified-contact__badge--${v.status.toLowerCase()}`}>{t(STATUS_KEY[v.status])}</Text>
        </View>
      ) : null}
      {v.status === 'NONE' && !v.editing ? <Text className="my-account__empty">{t('user.verified.intro')}</Text> : null}
      {v.submitted ? (
        <View className="verified-contact__note" role="status">
          <Text>{t('user.verified.submitted')}</Text>
        </View>
      ) : null}

      {onFile && !v.editing ? (
        <View className="verified-contact__on-file">
          <Text className="verified-contact__name">{onFile.realName}</Text>
          <Text>{onFile.phone}</Text>
          <Text>{onFile.idType ? `${typeLabel(onFile.idType)} ${onFile.idNumber ?? ''}` : onFile.idNumber}</Text>
          {v.photoOnFile ? (
            <Img className="verified-contact__photo-on-file" src={v.photoOnFile} mode="aspectFit" alt={t('user.verified.photoShown')} />
          ) : null}
          <Text>{t('user.verified.photoOnFile')}</Text>
        </View>
      ) : null}
      {onFile && !v.editing && onFile.idDeleteAt ? (
        <Text className="verified-contact__hint">{t('user.verified.deleteAt', { date: day(onFile.idDeleteAt) })}</Text>
      ) : null}
      {onFile && !v.editing && onFile.idErasedAt ? (
        <Text className="verified-contact__hint">{t('user.verified.erased', { date: day(onFile.idErasedAt) })}</Text>
      ) : null}
      {v.deleted ? (
        <View className="verified-contact__note" role="status">
          <Text>{t('user.verified.deleted')}</Text>
        </View>
      ) : null}

      {v.consenting ? (
        <View className="verified-contact__consent" role="group" aria-labelledby="verified-contact-purpose">
          <Text className="verified-contact__purpose-title" id="verified-contact-purpose">{t('user.verified.purpose.title')}</Text>
          <Text className="verified-contact__purpose">{t('user.verified.purpose.text', { days: v.contact?.retentionDays ?? '' })}</Text>
          <Text className="verified-contact__purpose">{t('user.verified.purpose.sensitive')}</Text>
          <FormError message={v.actionError} />
          <View className="my-account__actions">
            <BusyButton className="my-account__primary" size="mini" busy={v.consentBusy} onClick={v.agree}>
              {t('user.verified.purpose.agree')}
            </BusyButton>
            <Button size="mini" onClick={v.declineConsent}>
              {t('user.verified.purpose.decline')}
            </Button>
          </View>
        </View>
      ) : null}

      {v.editing ? (
        <View className="verified-contact__form">
          <Text className="verified-contact__hint">{t('user.verified.privacy')}</Text>
          <Field {...form.field('realName')} label={t('user.verified.realName')} maxlength={100} />
          <Field {...form.field('phone')} label={t('account.field.phone')} autoComplete="tel" inputType="tel" maxlength={30} />
          <View className={form.errors.idType ? `account-field account-field--invalid ${idTypeLink.boxClass}` : 'account-field'}>
            <Text className="account-field__label" id="verified-contact-id-type">{t('user.verified.idType')}</Text>
            <View className="verified-contact__types" role="radiogroup" aria-labelledby="verified-contact-id-type" {...idTypeLink.control}>
              {ID_TYPES.map((type) => {
                const chosen = form.values.idType === type
                return (
                  <View
                    key={type}
                    className={`verified-contact__type${chosen ? ' verified-contact__type--chosen' : ''}`}
                    role="radio"
                    tabIndex={0}
                    aria-checked={chosen}
                    data-type={type}
                    onClick={() => v.chooseIdType(type)}
                  >
                    <Text>{typeLabel(type)}</Text>
                  </View>
                )
              })}
            </View>
            {form.errors.idType ? <View className="account-field__error" id={idTypeLink.messageId} role="alert">{form.errors.idType}</View> : null}
          </View>
          <Field
            {...form.field('idNumber')}
            label={onFile?.idNumber ? t('user.verified.idNumberKeep', { masked: onFile.idNumber }) : t('user.verified.idNumber')}
            autoComplete="off"
            maxlength={40}
          />
          <View className={`account-field${form.errors.photo ? ' account-field--invalid' : ''}`}>
            <Text className="account-field__label">{t('user.verified.photo')}</Text>
            <View className="verified-contact__photo">
              {form.values.photo ? (
                <Img className="verified-contact__preview" src={form.values.photo} mode="aspectFit" alt={t('user.verified.photoPreview')} />
              ) : null}
              <Text className="verified-contact__photo-state">
                {form.values.photo ? t('user.verified.photoChosen') : onFile ? t('user.verified.photoOnFile') : ''}
              </Text>
              <Button size="mini" className="verified-contact__choose" onClick={v.choosePhoto}>
                {t('user.verified.choosePhoto')}
              </Button>
            </View>
            {form.errors.photo ? <View className="account-field__error" role="alert">{form.errors.photo}</View> : null}
          </View>
          {onFile ? <Text className="verified-contact__hint">{t('user.verified.changeNote')}</Text> : null}
          <FormError message={form.serverError} />
          <View className="my-account__actions">
            <BusyButton className="my-account__primary" size="mini" busy={form.busy} onClick={v.save}>
              {t('user.verified.submit')}
            </BusyButton>
            <Button size="mini" onClick={v.cancelEditing}>
              {t('user.cancel')}
            </Button>
          </View>
        </View>
      ) : v.status && !v.consenting ? (
        <Button size="mini" className="verified-contact__edit" onClick={v.startEditing}>
          {onFile ? t('user.verified.change') : t('user.verified.start')}
        </Button>
      ) : null}

      {v.canDelete && !v.editing && !v.consenting ? (
        v.confirmingDelete ? (
          <View className="verified-contact__confirm" role="alertdialog" aria-labelledby="verified-contact-delete-q">
            <Text id="verified-contact-delete-q">{t('user.verified.deleteConfirm')}</Text>
            <FormError message={v.actionError} />
            <View className="my-account__actions">
              <BusyButton size="mini" busy={v.deleteBusy} onClick={v.deleteDetails}>
                {t('user.verified.deleteYes')}
              </BusyButton>
              <Button size="mini" onClick={v.cancelDelete}>
                {t('user.cancel')}
              </Button>
            </View>
          </View>
        ) : (
          <Button size="mini" className="verified-contact__delete" onClick={v.askDelete}>
            {t('user.verified.delete')}
          </Button>
        )
      ) : null}
    </View>
  )
}
