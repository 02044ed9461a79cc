/** Alipay identity calls (spec §7): auth-code sign-in, joining a new Alipay identity to an account, the store's Alipay app id. Types: contract/identity.ts. */
import type { Credentials, IdentityJoined, IdentitySignIn, PlatformAppId, Registration } from '@contract/identity'
import { http } from './http'

export const alipayApi = {
  login: (code: string) => http.post<IdentitySignIn>('/alipay/login', { code }),
  register: (registration: Registration) => http.post<IdentityJoined>('/alipay/register', registration),
  link: (credentials: Credentials) => http.post<IdentityJoined>('/alipay/link', credentials),
  /** The store's Alipay app id, which Alipay's in-app browser asks an auth code for (spec §7 GET /common3/apaId). */
  appId: () => http.get<PlatformAppId>('/common3/apaId')
}
