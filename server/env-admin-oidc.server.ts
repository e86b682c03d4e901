// The console's OpenID Connect settings (decision 051): the issuer, the client id and its secret
// (ADMIN_OIDC_CLIENT_SECRET_FILE, read like the site's other secrets). All three or none: half a
// configuration would show a sign-in button that cannot work.
import { z } from 'zod'

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** https, or http on this machine only (a provider beside the app, as in development and tests). */
export const adminOidcIssuer = z.url().refine(
  (value) => {
    const url = new URL(value)
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))
  },
  { message: 'must be an https:// URL (http:// only for localhost)' },
)

export const ADMIN_OIDC_VARIABLES = [
  'ADMIN_OIDC_ISSUER',
  'ADMIN_OIDC_CLIENT_ID',
  'ADMIN_OIDC_CLIENT_SECRET',
] as const

type OidcSettings = Partial<Record<(typeof ADMIN_OIDC_VARIABLES)[number], string>>

/** The console's provider when all three are set; undefined when none is. */
export interface AdminOidcSettings {
  issuer: URL
  clientId: string
  clientSecret: string
}

/** What is wrong with a half-set configuration, naming the missing variables; undefined when fine. */
export function adminOidcProblem(env: OidcSettings): string | undefined {
  const missing = ADMIN_OIDC_VARIABLES.filter((name) => !env[name])
  if (missing.length === 0 || missing.length === ADMIN_OIDC_VARIABLES.length) return undefined
  const named = missing.map((name) => (name === 'ADMIN_OIDC_CLIENT_SECRET' ? `${name}_FILE` : name))
  return `Invalid environment variable ${named[0]}: OpenID Connect sign-in needs ADMIN_OIDC_ISSUER, ADMIN_OIDC_CLIENT_ID and ADMIN_OIDC_CLIENT_SECRET_FILE (missing: ${named.join(', ')})`
}

export function adminOidcSettings(env: OidcSettings): AdminOidcSettings | undefined {
  const { ADMIN_OIDC_ISSUER: issuer, ADMIN_OIDC_CLIENT_ID: clientId, ADMIN_OIDC_CLIENT_SECRET: secret } = env
  if (!issuer || !clientId || !secret) return undefined
  return { issuer: new URL(issuer), clientId, clientSecret: secret }
}
