// The requests the API routes are measured with: client addresses for the rate limits, a valid
// application, a walmart grant for /docket and the correct-code verification timing.
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { root } from '../run/build.ts'
import { median } from './median.ts'

/** A distinct client address per n (the server trusts X-Forwarded-For in the bench). */
export function ip(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`
}

/** A valid application; `n` makes it distinct (a Lua placeholder such as `{n}` works too). */
export function applicationBody(n: number | string): string {
  return JSON.stringify({
    companyName: `Bench Market ${n}`,
    businessType: 'Grocery Store',
    numberOfLocations: '3',
    contactName: `Casey Bench ${n}`,
    email: `casey.${n}@example.com`,
    phone: '(512) 555-0100',
    averageOrderValue: '42.50',
    monthlyOrderVolume: 1200,
    currentDeliveryMethod: 'In-house delivery',
    additionalInfo: `Benchmark submission ${n}.`,
  })
}

/** The grant cookie (name=value) a correct verify sets; walmart's gate takes no code. */
async function grantCookie(url: string, retailer: 'walmart' | 'circlek', body: object, client: string) {
  const response = await fetch(`${url}/api/access/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ retailer, ...body }),
  })
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${retailer}-access=`))
  if (!cookie) throw new Error(`verify gave no ${retailer} grant (${response.status})`)
  return cookie.split(';', 1)[0] ?? ''
}

export const walmartCookie = (url: string) => grantCookie(url, 'walmart', {}, '10.255.255.1')

/** A fresh circlek code, set with the admin CLI against the site's data. */
export function newCirclekCode(site: { env: NodeJS.ProcessEnv }): string {
  const code = `bench-${randomUUID()}`
  const cli = ['bin/rm5.js', 'codes', 'set', 'circlek', '--code', code]
  execFileSync(process.execPath, cli, { cwd: root, env: site.env, stdio: 'ignore' })
  return code
}

/**
 * A circlek grant: circlek opens the proposal and the docket with its documents (the demo
 * proposal on a fresh data dir).
 */
export const circlekCookie = (url: string, code: string, client = '10.255.255.2') =>
  grantCookie(url, 'circlek', { accessCode: code }, client)

/** Correct code verification (argon2id) one request at a time, from distinct client addresses. */
export async function verifyP50(url: string, code: string, count: number): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const start = performance.now()
    const response = await fetch(`${url}/api/access/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip(200_000 + i) },
      body: JSON.stringify({ retailer: 'circlek', accessCode: code }),
    })
    const text = await response.text()
    if (response.status !== 200)
      throw new Error(`correct code answered ${response.status}: ${text.slice(0, 200)}`)
    times.push(performance.now() - start)
  }
  return Math.round(median(times))
}
