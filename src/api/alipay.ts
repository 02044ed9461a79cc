/** Alipay identity calls (spec §7): auth-code sign-in, and joining a new Alipay identity to an account. Types: contract/identity.ts. */
import type { Credentials, IdentityJoined, IdentitySignIn, Registration } from '@contract/identity'
import { http } from './http'

export const alipayApi = {
  login: (code: string) => http.post<IdentitySignIn>('/alipay/login', { code }),
  register: (registration: Registration) => http.post<IdentityJoined>('/alipay/register', registration),
  link: (credentials: Credentials) => http.post<IdentityJoined>('/alipay/link', credentials)
}
