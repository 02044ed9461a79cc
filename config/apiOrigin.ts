/**
 * The API origin baked into a build (defineConstants ISTORE_API_ORIGIN). H5 defaults to its own origin (''). The
 * mini-programs have no page origin and a phone refuses relative and non-https request URLs, so a production
 * mini-program build without an https origin would ship an app that loads nothing: it stops here instead.
 */
export const MINI_PROGRAMS = ['weapp', 'alipay']

export function apiOriginFor(env: Record<string, string | undefined>): string {
  const origin = (env.ISTORE_API_ORIGIN ?? '').trim().replace(/\/+$/, '')
  const target = env.TARO_ENV ?? ''
  if (MINI_PROGRAMS.includes(target) && env.NODE_ENV !== 'development' && !/^https:\/\/[^/\s]+$/.test(origin)) {
    throw new Error(
      `ISTORE_API_ORIGIN must be the https origin of the API for a ${target} build (a phone refuses relative and ` +
        `non-https request URLs); it is ${origin ? `"${origin}"` : 'not set'}. Build with, for example, ` +
        `ISTORE_API_ORIGIN=https://shop.example.com npm run build:${target}`
    )
  }
  return origin
}
