import type { Contact } from '@/api/checkout'
import { Field } from '@/components/account/Field'
import { InNameOrder } from '@/components/account/InNameOrder'
import { useT } from '@/hooks/useT'
import { Section } from './Choices'

type ContactField = 'firstName' | 'email' | 'phone'

export function ContactSection({ contact, askNameAndPhone, errors, onChange, onLeave }: {
  contact: Contact
  /** False for a delivery: the address asked for them already. */
  askNameAndPhone: boolean
  errors: Partial<Record<ContactField, string>>
  onChange(key: keyof Contact, value: string): void
  onLeave(field: ContactField): void
}) {
  const t = useT()
  const input = (key: keyof Contact) => ({ name: key, value: contact[key], onChange: (v: string) => onChange(key, v) })
  return (
    <Section name="contact" title={t('checkout.contact')}>
      {askNameAndPhone ? (
        <>
          <InNameOrder
            first={<Field {...input('firstName')} label={t('checkout.field.firstName')} error={errors.firstName} onBlur={() => onLeave('firstName')} autoComplete="given-name" maxlength={60} />}
            last={<Field {...input('lastName')} label={t('checkout.field.lastName')} autoComplete="family-name" maxlength={60} />}
          />
        </>
      ) : null}
      <Field {...input('email')} label={t('checkout.field.email')} error={errors.email} onBlur={() => onLeave('email')} autoComplete="email" inputType="email" maxlength={254} />
      {askNameAndPhone ? (
        <Field {...input('phone')} label={t('checkout.field.phone')} error={errors.phone} onBlur={() => onLeave('phone')} autoComplete="tel" inputType="tel" maxlength={30} />
      ) : null}
    </Section>
  )
}
