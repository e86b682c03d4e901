// A real OpenID provider in the test process (panva's certified oidc-provider, with its
// development login and consent pages): the console's single sign-on is tested against it,
// never against a mock of openid-client. `accounts` maps a login name to the claims the
// provider vouches for; `authorize` walks its pages as a browser would, without one.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

export interface TestAccount {
  email: string
  email_verified: boolean
}

export interface TestProvider {
  issuer: string
  clientId: string
  clientSecret: string
  accounts: Map<string, TestAccount>
  /** Follows an authorization URL through login (as `login`) and consent: the URL it ends on. */
  authorize(authorizationUrl: string, login: string, options?: { abort?: boolean }): Promise<URL>
  close(): Promise<void>
}

/**
 * Starts the provider on 127.0.0.1 (`port` 0: any free one), with one client sent to
 * `redirectUri` (`client`: its id and secret, when the app's are fixed beforehand).
 */
export async function startOidcProvider(
  redirectUri: string,
  { port = 0, client = { id: 'rm5-console', secret: 'a-client-secret-for-the-test-provider' } } = {},
): Promise<TestProvider> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const { id: clientId, secret: clientSecret } = client
  const accounts = new Map<string, TestAccount>()
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, ...accounts.get(id) }),
    }),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['a-cookie-key-for-the-test-provider'] },
  })
  server.on('request', provider.callback())

  async function authorize(authorizationUrl: string, login: string, { abort = false } = {}) {
    const jar = new Map<string, string>()
    const send = async (url: URL, body?: URLSearchParams) => {
      const response = await fetch(url, {
        method: body ? 'POST' : 'GET',
        body,
        redirect: 'manual',
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      })
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';', 1)
        const at = pair.indexOf('=')
        jar.set(pair.slice(0, at), pair.slice(at + 1))
      }
      return response
    }
    let url = new URL(authorizationUrl)
    for (let step = 0; step < 12 && url.origin === issuer; step++) {
      let response = await send(url)
      if (url.pathname.startsWith('/interaction/') && response.status === 200) {
        const page = await response.text()
        if (abort) {
          response = await send(new URL(`${url.pathname}/abort`, issuer))
        } else {
          const prompt = page.includes('value="login"') ? 'login' : 'consent'
          response = await send(url, new URLSearchParams({ prompt, login, password: 'any' }))
        }
      }
      const location = response.headers.get('location')
      if (!location) throw new Error(`the provider answered ${response.status} at ${url.pathname}`)
      url = new URL(location, url)
    }
    return url
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    authorize,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
