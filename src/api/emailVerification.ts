/**
 * E-mail confirmation calls (security probe finding 8; server/CONTRACT.md §2). Only the account screens use them, so
 * they live apart from accountApi (which the main package carries). Payload types: contract/account.ts.
 */
import type { EmailVerification } from '@contract/account'
import { http } from './http'

export const emailVerificationApi = {
  /** The link of the confirmation mail (/account/verify?token=…). */
  verify: (token: string) => http.post<EmailVerification>('/common3/verifyEmail', { token }),
  /** Signed in, e-mail not confirmed: mails a new confirmation link. */
  resend: () => http.post<EmailVerification>('/admin/userManagement/emailVerification')
}
