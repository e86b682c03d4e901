// Where the server listens (HOST, PORT, with their one set of defaults) and the origin a browser on
// this machine reaches it at: what SITE_URL means when it is unset (lib/site-config-schema.ts), so
// a link printed or rendered without it still reaches the server that made it (decision 054).

/** The listener's defaults; server/env.server.ts parses HOST and PORT with them. */
export const LISTEN_DEFAULTS = { HOST: '127.0.0.1', PORT: 3000 } as const

/** An address that listens on every interface: no client can connect to it as such. */
const isWildcard = (host: string) => host === '0.0.0.0' || (host.includes(':') && /^[0:]+$/.test(host))

/**
 * `http://host:port` for a listener on HOST and PORT (as the environment spells them); a wildcard
 * HOST becomes the loopback (0.0.0.0: 127.0.0.1, `::`: localhost), an IPv6 address is bracketed.
 */
export function listenOrigin(
  host: string = LISTEN_DEFAULTS.HOST,
  port: string | number = LISTEN_DEFAULTS.PORT,
) {
  const bare = host.replace(/^\[(.*)\]$/, '$1')
  const reachable = !isWildcard(bare) ? bare : bare.includes(':') ? 'localhost' : '127.0.0.1'
  const name = reachable.includes(':') ? `[${reachable}]` : reachable
  // A bad PORT stops the server with its own message; the origin does not add a second one.
  const given = String(port)
  const number = /^\d+$/.test(given) && Number(given) <= 65535 ? given : String(LISTEN_DEFAULTS.PORT)
  return new URL(`http://${name}:${number}`).origin
}
