// Shared by the form API tests: POST JSON through `inject`, each call from its own client IP
// unless one is given, so the per-IP rate limit only bites in the tests about it.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { PrismaClient } from '../../server/db/database.server.ts'
import { testAppForFile } from './app.ts'
import { sentUntilTaken } from './shed-retry.ts'

let nextIp = 1

/** A fresh client address (10.x.y.z) for the rate limiter. */
export function freshIp(): string {
  const n = nextIp++
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

export interface PostOptions {
  key?: string
  ip?: string
  headers?: Record<string, string>
}

/** POST `payload` from a client address of its own (or `ip`), with `headers` over the given ones. */
export function injectPost(
  app: FastifyInstance,
  url: string,
  payload: string,
  headers: Record<string, string>,
  options: Pick<PostOptions, 'ip' | 'headers'> = {},
) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: options.ip ?? freshIp(),
    headers: { ...headers, ...options.headers },
    payload,
  })
}

export function postJson(app: FastifyInstance, url: string, body: unknown, options: PostOptions = {}) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body)
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (options.key) headers['idempotency-key'] = options.key
  return injectPost(app, url, payload, headers, options)
}

/** A valid application from the /apply form's JSON, from `email` for `company`. */
export const application = (company: string, email: string) => ({
  companyName: company,
  businessType: 'Bakery',
  numberOfLocations: '2',
  contactName: 'Dana Requester',
  email,
  phone: '(512) 555-0142',
})

/**
 * Sends `application(company, email)` as the /apply form's script does, again with its key while a
 * busy database sheds it; the stored application's id.
 */
export async function sendApplication(app: FastifyInstance, company: string, email: string): Promise<string> {
  const key = randomUUID()
  const res = await sentUntilTaken(() =>
    postJson(app, '/api/applications', application(company, email), { key }),
  )
  if (res.statusCode !== 201) throw new Error(`The application was not stored: ${res.statusCode} ${res.body}`)
  return res.json().id
}

/** A form's table as a test counts and empties it. */
interface FormTable {
  count(): Promise<number>
  deleteMany(): Promise<unknown>
}

/**
 * The app of a form endpoint's test file, its table emptied before each test: `post` sends JSON to
 * `url` from a client address of its own, `count` counts the table's rows.
 */
export function formEndpointForFile(url: string, table: (prisma: PrismaClient) => FormTable) {
  const t = testAppForFile({}, ({ db }) => table(db.prisma).deleteMany())
  return {
    t,
    post: (body: unknown, options?: PostOptions) => postJson(t.app, url, body, options),
    count: () => table(t.db.prisma).count(),
  }
}
