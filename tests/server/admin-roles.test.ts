// The role matrix: every console action × every role (and no session), against the real app and
// Postgres. reader reads (and manages their own passkeys); editor also changes partners, codes,
// notifications, documents, applications and messages (and exports those); owner also admins. A
// role without the right gets 403 with a message naming what is needed (a page's post: 303 to the
// refused page, which says it at 403), and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limitPrefix } from '../helpers/access.ts'
import {
  type ConsoleAction,
  consoleActions,
  post,
  type SignedIn,
  seedConsoleRows,
  sendAction,
  shownAnswer,
  signIn,
} from '../helpers/admin-console.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'

/**
 * The role table as the product states it (the role table of docs/operations.md, decision 041), not
 * as the code reads it: reader reads, editor also edits, owner also manages the admins.
 */
const ROLE_TABLE = {
  owner: ['read', 'edit', 'admins'],
  editor: ['read', 'edit'],
  reader: ['read'],
} as const satisfies Record<string, readonly ConsoleAction['needs'][]>
type Role = keyof typeof ROLE_TABLE
const ROLES = Object.keys(ROLE_TABLE) as Role[]
const may = (role: Role, needs: ConsoleAction['needs']) =>
  (ROLE_TABLE[role] as readonly string[]).includes(needs)

let t: TestApp
let actions: ConsoleAction[]
const sessions = new Map<string, SignedIn>()

beforeAll(async () => {
  // A domain, so the console offers passkeys (an IP-address origin has none).
  t = await createTestApp({
    access: { rateLimitPrefix: limitPrefix() },
    env: { PUBLIC_ORIGIN: 'http://localhost:3000' },
  })
  const ids = await seedConsoleRows(t, 'leaving@example.com')
  actions = consoleActions(ids)
  for (const role of ROLES) sessions.set(role, await signIn(t, `${role}@example.com`, role))
})
afterAll(async () => {
  await t?.close()
})

function send(action: ConsoleAction, session?: SignedIn) {
  return sendAction(t, action, {
    csrf: session?.csrf,
    headers: session ? { cookie: session.cookie } : {},
  })
}

describe('every action without a session', () => {
  it('sends a browser to the sign-in page and changes nothing', async () => {
    const before = await t.db.prisma.auditEntry.count()
    for (const action of actions) {
      const res = await send(action)
      expect([action.name, res.statusCode, res.headers.location]).toEqual(
        action.api ? [action.name, 404, undefined] : [action.name, 303, '/admin/sign-in'],
      )
    }
    expect(await t.db.prisma.auditEntry.count()).toBe(before)
  })
})

describe.each(ROLES)('role %s', (role) => {
  it('may do exactly what its role allows', async () => {
    const session = sessions.get(role) as SignedIn
    for (const action of actions) {
      const before = await t.db.prisma.auditEntry.count()
      const sent = await send(action, session)
      const res = await shownAnswer(t.app, sent, session.cookie)
      if (may(role, action.needs)) {
        expect([action.name, res.statusCode]).not.toEqual([action.name, 403])
        // Allowed and carried out: a page, a redirect after a change, or a refusal of the data
        // (a second removal, a replacement of a removed document), never a fault.
        expect([action.name, res.statusCode]).toEqual([action.name, expect.toSatisfy((s: number) => s < 500)])
        expect(res.headers.location ?? '').not.toContain('sign-in')
      } else {
        expect([action.name, res.statusCode]).toEqual([action.name, 403])
        // A page's post is answered with 303, never the page in the post's own answer.
        expect([action.name, sent.statusCode]).toEqual([
          action.name,
          action.method === 'POST' && !action.api ? 303 : 403,
        ])
        expect(res.body).toContain(
          `Your role (${role}) ${role === 'reader' ? 'may only look.' : 'may not change who runs the console.'}`,
        )
        expect(res.body).toContain(
          action.needs === 'admins' ? 'This needs an owner.' : 'This needs an editor or an owner.',
        )
        expect(await t.db.prisma.auditEntry.count()).toBe(before)
      }
    }
  })
})

it('a refused change leaves the data as it was', async () => {
  const reader = sessions.get('reader') as SignedIn
  const codes = await t.db.prisma.accessCode.count()
  const res = await post(
    t,
    '/admin/codes',
    { retailer: 'circlek', _csrf: reader.csrf },
    { cookie: reader.cookie },
  )
  expect(res.headers.location).toMatch(/^\/admin\/refused\?answers=/)
  const page = await shownAnswer(t.app, res, reader.cookie)
  expect(page.statusCode).toBe(403)
  expect(page.body).toContain('This needs an editor or an owner.')
  // A reload shows the refusal again and changes nothing.
  expect((await shownAnswer(t.app, res, reader.cookie)).body).toContain('This needs an editor or an owner.')
  expect(await t.db.prisma.accessCode.count()).toBe(codes)
})

describe('an admin added on a server that sends no e-mail', () => {
  it('the page that says so tells how their first sign-in link is made', async () => {
    const owner = sessions.get('owner')
    const added = await post(
      t,
      '/admin/admins',
      { _csrf: owner?.csrf ?? '', email: 'first-link@example.com', role: 'reader' },
      { cookie: owner?.cookie ?? '' },
    )
    expect([added.statusCode, added.headers.location]).toEqual([303, '/admin/admins?done=added'])
    const shown = await t.app.inject({
      url: '/admin/admins?done=added',
      headers: { cookie: owner?.cookie ?? '' },
    })
    expect(shown.body).toContain('Admin added')
    expect(shown.body).toContain('npx rm5 admins link &lt;their address&gt;')
  })
})
