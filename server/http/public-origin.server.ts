// The origin browsers reach the site at, which every absolute link the server prints or mails
// starts with (console sign-in links, the gates' e-mailed links, the OpenID Connect redirect) and
// passkeys are bound to: PUBLIC_ORIGIN, else SITE_URL's origin, and without SITE_URL the origin the
// server listens on (lib/listen-origin.ts), so a link still reaches the server that made it.
import type { Env } from '../env.server.ts'

type OriginEnv = Pick<Env, 'PUBLIC_ORIGIN' | 'SITE_URL'>
type LinkEnv = OriginEnv & Pick<Env, 'NODE_ENV' | 'siteUrlSet'>

export function publicOrigin(env: OriginEnv): string {
  return new URL(env.PUBLIC_ORIGIN ?? env.SITE_URL).origin
}

/**
 * Why a mailed link would not reach its reader, or undefined. In production an origin nobody
 * configured is this machine's own (HOST, PORT): the reader's browser is elsewhere (decision 054).
 */
export function mailedLinksProblem(env: LinkEnv): string | undefined {
  if (env.NODE_ENV !== 'production' || env.siteUrlSet || env.PUBLIC_ORIGIN) return undefined
  return `SITE_URL is not set, so a link could only point at ${publicOrigin(env)}, where this server listens; set SITE_URL to the address visitors use (docs/configuration.md)`
}

/** The warning a production server without SITE_URL logs once at start; undefined when it has one. */
export function siteUrlWarning(env: LinkEnv): string | undefined {
  if (env.NODE_ENV !== 'production' || env.siteUrlSet) return undefined
  const mail = mailedLinksProblem(env) ? ' No sign-in link is e-mailed until it is.' : ''
  return `SITE_URL is not set: canonical addresses, the sitemap and printed links use ${new URL(env.SITE_URL).origin}, where this server listens, which other machines may not reach. Set SITE_URL to the address visitors use (docs/configuration.md).${mail}`
}
