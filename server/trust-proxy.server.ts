// TRUST_PROXY: which peers' X-Forwarded-For the app believes (docs/scaling-and-proxies.md,
// "Deploying behind a proxy").
// The app takes the nearest address in the chain that is not a trusted proxy as the client, so a
// client can prepend whatever it likes and still be itself. Proxies are named by address or CIDR
// range, or by @fastify/proxy-addr's names for whole ranges (loopback, linklocal, uniquelocal =
// private networks, where Docker puts Caddy and its port-forwarding gateway). Hop counts are
// refused: Fastify ignores them (a hop count cannot tell a proxy from a client), and silently
// trusting nobody would put every visitor behind a proxy into one rate-limit bucket.
import { isIP } from 'node:net'
import proxyAddr from '@fastify/proxy-addr'
import { z } from 'zod'

export const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const

/** false: the socket's peer is the client. true: believe any X-Forwarded-For (tests only). */
export type TrustProxy = boolean | string[]

function isRange(value: string): boolean {
  if ((PROXY_RANGE_NAMES as readonly string[]).includes(value)) return true
  const [address = '', prefix, extra] = value.split('/')
  const family = isIP(address)
  if (!family || extra !== undefined) return false
  if (prefix === undefined) return true
  if (!/^\d{1,3}$/.test(prefix)) return false
  return Number(prefix) <= (family === 4 ? 32 : 128)
}

export const trustProxySchema = z.string().transform((raw, ctx): TrustProxy => {
  const value = raw.trim().toLowerCase()
  if (['', 'false', 'no', 'off', 'none'].includes(value)) return false
  if (value === 'true') return true
  if (/^\d+$/.test(value)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'hop counts are not supported; list the proxies’ addresses or ranges instead, e.g. ' +
        '"uniquelocal" behind the bundled Caddy or "127.0.0.1" for a proxy on this host',
    })
    return z.NEVER
  }
  const ranges = value.split(/[\s,]+/).filter(Boolean)
  const bad = ranges.filter((range) => !isRange(range))
  if (bad.length) {
    ctx.addIssue({
      code: 'custom',
      message: `not an IP address, CIDR range or one of ${PROXY_RANGE_NAMES.join(', ')}: ${bad.join(', ')}`,
    })
    return z.NEVER
  }
  return ranges
})

/** Whether a peer is a trusted proxy: `(address, hop)`, as Fastify and @fastify/proxy-addr ask it. */
export type TrustedPeer = (address: string, hop: number) => boolean

/**
 * TRUST_PROXY compiled once into the one rule both Fastify's `trustProxy` (X-Forwarded-For,
 * -Proto, -Host) and the request id (server/http/request-id.server.ts) apply, the way Fastify
 * compiles it itself; false when nobody is trusted.
 */
export function trustedPeer(trust: TrustProxy): TrustedPeer | false {
  if (trust === false) return false
  if (trust === true) return () => true
  return proxyAddr.compile(trust)
}
