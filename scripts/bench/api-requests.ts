// The requests the API routes are measured with: client addresses for the rate limits, a valid
// application, a walmart grant for /docket and the correct-code verification timing.
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

export async function walmartCookie(url: string): Promise<string> {
  const response = await fetch(`${url}/api/access/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.255.255.1' },
    body: JSON.stringify({ retailer: 'walmart' }),
  })
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('walmart-access='))
  if (!cookie) throw new Error(`verify gave no grant cookie (${response.status})`)
  return cookie.split(';', 1)[0] ?? ''
}

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
