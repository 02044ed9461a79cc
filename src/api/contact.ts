/** The contact form (spec §7 /message/submitForm). Types: contract/content.ts. */
import type { ContactForm, ContactFormReceipt } from '@contract/content'
import { http } from './http'

export type { ContactForm } from '@contract/content'

export const contactApi = {
  submitForm: (form: ContactForm) => http.post<ContactFormReceipt>('/message/submitForm', form)
}
