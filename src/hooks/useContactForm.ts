/**
 * The contact page: fields checked by src/domain/accountForms.ts (the server checks them again), a signed-in
 * shopper's name, e-mail and phone filled in, and the typed message kept when sending fails.
 */
import { useState } from 'react'
import { contactApi, type ContactForm } from '@/api/contact'
import type { ApiError } from '@/api/http'
import { validateContact, type ContactValues } from '@/domain/accountForms'
import { fullName } from '@/domain/personName'
import { useAppInfo } from '@/stores/appInfo'
import { useLocale } from '@/stores/locale'
import { useAccountForm } from './useAccountForm'

/** 429 is the server's brake on floods; 0 is no answer at all. Other failures show the server's own words. */
export function explainContactError(error: ApiError) {
  if (error.status === 429) return 'contact.error.tooMany' as const
  if (error.status === 0) return 'contact.error.network' as const
  return null
}

export interface ContactSent {
  name: string
  /** The address the acknowledgement went to; none when the shopper gave only a phone. */
  email: string
}

export function useContactForm() {
  const user = useAppInfo((s) => s.info?.user)
  const language = useLocale((s) => s.language)
  const initial: ContactValues = {
    name: user ? fullName(user.firstName, user.lastName, language) : '',
    email: user?.emailID ?? '',
    phone: user?.phone ?? '',
    message: ''
  }
  const form = useAccountForm<ContactValues>(initial, validateContact, explainContactError)
  /** The honeypot: hidden from people, so anything in it was typed by a script (the server drops such messages). */
  const [website, setWebsite] = useState('')
  const [sent, setSent] = useState<ContactSent | null>(null)

  const submit = async () => {
    const v = form.values
    const body: ContactForm = { name: v.name.trim(), message: v.message.trim(), formName: 'contact' }
    if (v.email.trim()) body.email = v.email.trim()
    if (v.phone.trim()) body.phone = v.phone.trim()
    if (website) body.website = website
    if (await form.submit(async () => void (await contactApi.submitForm(body)))) setSent({ name: body.name, email: body.email ?? '' })
  }

  const writeAnother = () => {
    form.setValues({ ...form.values, message: '' })
    setSent(null)
  }

  return { form, website, setWebsite, submit, sent, writeAnother }
}
