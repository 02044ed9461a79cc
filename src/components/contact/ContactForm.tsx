import { View, Text } from '@tarojs/components'
import { Input } from '@/components/taro/FormComponents'
import { BusyButton } from '@/components/account/BusyButton'
import { Field, FormError } from '@/components/account/Field'
import { useContactForm } from '@/hooks/useContactForm'
import { useT } from '@/hooks/useT'
import '@/components/account/AccountPage.scss'
import './ContactForm.scss'

/** /contact: a message to the store (name, e-mail or phone, message); after sending, what happens next. */
export function ContactForm() {
  const t = useT()
  const { form, website, setWebsite, submit, sent, writeAnother } = useContactForm()

  if (sent) {
    return (
      <View className="account-page contact-page">
        <Text className="account-page__title">{t('contact.title')}</Text>
        <View className="account-form__success" role="status">
          <Text>{t('contact.sent', { name: sent.name })}</Text>
          {sent.email ? <Text className="contact-page__copy">{t('contact.sentCopy', { email: sent.email })}</Text> : null}
        </View>
        <View className="account-form__links">
          <View className="account-form__link" role="button" tabIndex={0} onClick={writeAnother}>
            {t('contact.another')}
          </View>
        </View>
      </View>
    )
  }
  return (
    <View className="account-page contact-page">
      <Text className="account-page__title">{t('contact.title')}</Text>
      <Text className="account-page__note">{t('contact.intro')}</Text>
      <Field {...form.field('name')} label={t('contact.field.name')} autoComplete="name" maxlength={100} />
      <Text className="account-page__note contact-page__reach">{t('contact.reachNote')}</Text>
      <Field {...form.field('email')} label={t('contact.field.email')} autoComplete="email" inputType="email" maxlength={254} />
      <Field {...form.field('phone')} label={t('contact.field.phone')} autoComplete="tel" inputType="tel" maxlength={30} />
      <Field {...form.field('message')} label={t('contact.field.message')} maxlength={5000} multiline />
      {/* Out of sight and out of the tab order: only a script fills it in. */}
      <View className="contact-page__trap" aria-hidden="true">
        <Input name="website" value={website} nativeProps={{ tabIndex: -1, autoComplete: 'off', 'aria-label': t('contact.honeypot') }} onInput={(e) => setWebsite(e.detail.value)} />
      </View>
      <FormError message={form.serverError} />
      <BusyButton className="account-form__submit" busy={form.busy} onClick={submit}>
        {t('contact.submit')}
      </BusyButton>
    </View>
  )
}
