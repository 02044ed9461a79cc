import { Shell } from '@/components/shell/Shell'
import { ContactForm } from '@/components/contact/ContactForm'
import { useT } from '@/hooks/useT'
import '@/i18n/more'
import '@/i18n/contact'

/** /contact (a general page of spec §2); in the mini-programs also /pages/contact/contact, the page the header helper opens. */
export default function Page() {
  const t = useT()
  return (
    <Shell title={t('contact.title')}>
      <ContactForm />
    </Shell>
  )
}
