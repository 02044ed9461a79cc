/**
 * WeChat and Alipay sign-in (spec §7): a one-time code from the platform signs a known identity in; an unknown one waits
 * in the session until it is registered as a new account or linked to an e-mail account.
 */
import { Type, type Static } from '@sinclair/typebox'
import { SessionFields } from './appInfo.ts'

export { Credentials, Registration } from './account.ts'

export const CodeBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 512 }) })
export type CodeBody = Static<typeof CodeBody>
/** `state` is the one WeChat's OAuth page handed back; the server checks it against the one it issued. */
export const OAuthBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 512 }), state: Type.Optional(Type.String({ maxLength: 100 })) })
export type OAuthBody = Static<typeof OAuthBody>

/** WeChat answers carry the open id of this app's WeChat identity (WeChat Pay needs it); Alipay's stays on the server. */
const weChatOpenId = Type.Optional(Type.String())

export const IdentitySignIn = Type.Union([
  Type.Object({ identity: Type.Literal('RETURNING'), weChatOpenId, ...SessionFields.properties }),
  Type.Object({ identity: Type.Literal('NEW'), weChatOpenId })
])
export type IdentitySignIn = Static<typeof IdentitySignIn>

/**
 * Answer of register / link: the shopper is signed in. `identityLinked` false (register): the new account's e-mail is
 * not confirmed yet, so the identity was not joined; a confirmation link was mailed, after which the shopper signs in
 * with WeChat/Alipay again and links it (link).
 */
export const IdentityJoined = Type.Object({ ...SessionFields.properties, weChatOpenId, identityLinked: Type.Optional(Type.Boolean()) })
export type IdentityJoined = Static<typeof IdentityJoined>

export const WeChatEnabledQuery = Type.Object({ redirectUri: Type.Optional(Type.String({ maxLength: 2000 })) })
export type WeChatEnabledQuery = Static<typeof WeChatEnabledQuery>
export const WeChatEnabled = Type.Object({
  enabled: Type.Boolean(),
  /** WeChat's OAuth page for the WeChat browser, already carrying the return address. */
  authorizeUrl: Type.Optional(Type.String())
})
export type WeChatEnabled = Static<typeof WeChatEnabled>

export const WeChatBinding = Type.Object({ bound: Type.Boolean(), weChatOpenId })
export type WeChatBinding = Static<typeof WeChatBinding>
export const PlatformAppId = Type.Object({ appId: Type.String() })
export type PlatformAppId = Static<typeof PlatformAppId>

/** Sandbox only: plays WeChat's OAuth page (`as` picks the person). */
export const SandboxAuthorizeQuery = Type.Object({
  redirect_uri: Type.String({ maxLength: 2000 }),
  state: Type.String({ maxLength: 100 }),
  as: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.@-]{1,64}$' }))
})
export type SandboxAuthorizeQuery = Static<typeof SandboxAuthorizeQuery>
export const Redirect = { description: 'Redirect (Location header)', type: 'null' } as const
