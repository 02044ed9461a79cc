import type { Contact } from '@/api/checkout'
import { Field } from '@/components/account/Field'
import { useT } from '@/hooks/useT'
import { Section } from './Choices'

export function ContactSection({ contact, errors, onChange, onLeave }: {
  contact: Contact
  errors: Partial<Record<'firstName' | 'email' | 'phone', string>>
  onChange(key: keyof Contact, value: string): void
  onLeave(field: 'firstName' | 'email' | 'phone'): void
}) {
  const t = useT()
  return (
    <Section name="contact" title={t('checkout.contact')}>
      <Field name="firstName" label={t('checkout.field.firstName')} value={contact.firstName} onChange={(v) => onChange('firstName', v)} error={errors.firstName} onBlur={() => onLeave('firstName')} autoComplete="given-name" maxlength={60} />
      <Field name="lastName" label={t('checkout.field.lastName')} value={contact.lastName} onChange={(v) => onChange('lastName', v)} autoComplete="family-name" maxlength={60} />
      <Field name="email" label={t('checkout.field.email')} value={contact.email} onChange={(v) => onChange('email', v)} error={errors.email} onBlur={() => onLeave('email')} autoComplete="email" inputType="email" maxlength={254} />
      <Field name="phone" label={t('checkout.field.phone')} value={contact.phone} onChange={(v) => onChange('phone', v)} error={errors.phone} onBlur={() => onLeave('phone')} autoComplete="tel" inputType="tel" maxlength={30} />
    </Section>
  )
}
