// Console sign-in by OpenID Connect (decision 051), with openid-client: the provider is discovered
// on first use (a provider that is down never stops the server), the authorization code flow runs
// with PKCE, state and nonce, and the provider's verified e-mail must belong to an admin. Then
// the same session as a link or a passkey opens, and the sign-in is in the audit log.
import type { Configuration } from 'openid-client'
import type { PrismaClient } from '../db/database.server.ts'
import type { AdminOidcSettings } from '../env-admin-oidc.server.ts'
import { signedIn } from './admin-sessions.server.ts'
import { findAdmin } from './admins.server.ts'
import { OIDC_FLOW_TTL_MS, type OidcFlow } from './http/oidc-flow-cookie.server.ts'

// Loaded on the first OIDC sign-in, not with the server: no public page needs it (decision 064).
const openid = () => import('openid-client')

export const OIDC_CALLBACK_PATH = '/admin/sign-in/oidc/callback'

/** The provider's answers may take this long before the sign-in is given up. */
const PROVIDER_TIMEOUT_SECONDS = 10

export type OidcRefusalReason = 'flow' | 'provider' | 'unreachable' | 'unverified' | 'unknown'

const REFUSALS: Record<OidcRefusalReason, { status: 400 | 403 | 502; message: string }> = {
  flow: {
    status: 400,
    message: 'This sign-in expired or was started in another browser. Start it again from the sign-in page.',
  },
  provider: { status: 400, message: 'The single sign-on provider did not complete the sign-in.' },
  unreachable: {
    status: 502,
    message:
      'The single sign-on provider cannot be reached just now. Try again later, or get a link by e-mail.',
  },
  unverified: {
    status: 403,
    message:
      'Your single sign-on account has no verified e-mail address. Verify it with your provider, or get a link by e-mail.',
  },
  unknown: {
    status: 403,
    message: 'Your single sign-on e-mail address is not an admin of this console. Ask an owner to add it.',
  },
}

/** A sign-in that opened no session, with the page's status and sentence. */
export class OidcRefusal extends Error {
  readonly status: 400 | 403 | 502
  constructor(readonly reason: OidcRefusalReason) {
    super(REFUSALS[reason].message)
    this.status = REFUSALS[reason].status
  }
}

export interface OidcSignIn {
  /** Where to send the browser, and what it must bring back. */
  start(now: Date): Promise<{ url: URL; flow: OidcFlow }>
  /** The provider's answer at the callback URL: a session token, or an OidcRefusal. */
  finish(
    prisma: PrismaClient,
    callbackUrl: URL,
    flow: OidcFlow | undefined,
    clientHash: string,
    now: Date,
  ): Promise<string>
}

/** The callback on the origin browsers use: the redirect URI to register at the provider. */
export const oidcRedirectUri = (origin: string) => new URL(OIDC_CALLBACK_PATH, origin).toString()

export function createOidcSignIn(
  settings: AdminOidcSettings,
  redirectUri: string,
  onRefusal: (reason: OidcRefusalReason, error?: unknown) => void,
): OidcSignIn {
  let discovered: Promise<Configuration> | undefined
  const configuration = () => {
    discovered ??= openid()
      .then((client) =>
        client.discovery(
          settings.issuer,
          settings.clientId,
          undefined,
          client.ClientSecretBasic(settings.clientSecret),
          {
            timeout: PROVIDER_TIMEOUT_SECONDS,
            // A provider beside the app on http://localhost (env-admin-oidc.server.ts allows nothing else).
            execute: settings.issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
          },
        ),
      )
      .catch((error: unknown) => {
        discovered = undefined
        throw error
      })
    return discovered
  }
  const refuse = (reason: OidcRefusalReason, error?: unknown): never => {
    onRefusal(reason, error)
    throw new OidcRefusal(reason)
  }

  return {
    async start(now) {
      const client = await openid()
      const config = await configuration().catch((error) => refuse('unreachable', error))
      const flow: OidcFlow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        expiresAt: now.getTime() + OIDC_FLOW_TTL_MS,
      }
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
      })
      // The site redirects nowhere else (server/http/redirects.server.ts allows the issuer's origin).
      if (url.origin !== settings.issuer.origin) {
        return refuse('unreachable', new Error(`authorization endpoint is not on ${settings.issuer.origin}`))
      }
      return { url, flow }
    },

    async finish(prisma, callbackUrl, flow, clientHash, now) {
      if (!flow || callbackUrl.searchParams.get('state') !== flow.state) return refuse('flow')
      const client = await openid()
      const config = await configuration().catch((error) => refuse('unreachable', error))
      const tokens = await client
        .authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
        })
        .catch((error) => refuse('provider', error))
      const idToken = tokens.claims()
      if (!idToken) return refuse('provider')
      // Providers put the e-mail in the ID token or only behind the userinfo endpoint.
      const claims =
        typeof idToken.email === 'string'
          ? idToken
          : await client
              .fetchUserInfo(config, tokens.access_token, idToken.sub)
              .catch((error) => refuse('provider', error))
      if (typeof claims.email !== 'string' || claims.email_verified !== true) return refuse('unverified')
      const admin = await findAdmin(prisma, claims.email)
      if (!admin) return refuse('unknown')
      return signedIn(prisma, admin, 'oidc', clientHash, now)
    },
  }
}
