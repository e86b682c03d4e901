// The console's codes page against the real app and Postgres (issue 44): every post answers 303 to
// a page saying what happened; a new code is shown on the page after the redirect once, and never
// travels in a URL, so a reload neither repeats the post nor shows the code again; a code that
// needs an e-mail is refused without mail, in the CLI's words; a code's e-mail step is turned on and
// off (`rm5 codes require-email`); an address is denied and admitted again on a code, audited with
// the admin; the flash cookie is Secure behind a TLS proxy, as the session cookie.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DENIAL_NEEDS_EMAIL_STEP } from '../../server/access/code-admin.server.ts'
import { setAgreement } from '../../server/documents/agreements.server.ts'
import { limitPrefix } from '../helpers/access.ts'
import {
  cookieOf,
  csrfIn,
  linkToken,
  post,
  refusedPage,
  type SignedIn,
  signIn,
} from '../helpers/admin-console.ts'
import { appBeside, createTestApp, type TestApp } from '../helpers/app.ts'

let t: TestApp
let editor: SignedIn
let other: SignedIn
const email = `codes-${Math.random().toString(36).slice(2, 8)}@example.com`

beforeAll(async () => {
  // No SMTP_URL: this site cannot send the one-time links a code that needs an e-mail would ask for.
  t = await createTestApp({ access: { rateLimitPrefix: limitPrefix() } })
  editor = await signIn(t, email, 'editor')
  other = await signIn(t, `other-${email}`, 'editor')
})
afterAll(async () => {
  await t?.close()
})

const send = (url: string, form: Record<string, string>, who = editor) =>
  post(t, url, { ...form, _csrf: who.csrf }, { cookie: who.cookie })
const page = (cookie: string, url = '/admin/codes') => t.app.inject({ url, headers: { cookie } })
const codesLabelled = (label: string) => t.db.prisma.accessCode.count({ where: { label } })
const CODE_IN_PAGE = /<code id="new-code">([^<]+)<\/code>/

it('generates with a 303; the code is shown once, then a reload shows no code and adds none', async () => {
  const label = `prg-${Math.random().toString(36).slice(2, 8)}`
  const res = await send('/admin/codes', { retailer: 'circlek', label })
  expect([res.statusCode, res.headers.location]).toEqual([303, '/admin/codes?done=generated'])
  const flash = cookieOf(res)
  expect(flash).toMatch(/^rm5-admin-flash=./)
  expect(String(res.headers['set-cookie'])).toMatch(/Path=\/admin\/codes.*HttpOnly.*SameSite=Strict/i)

  const shown = await t.app.inject({
    url: '/admin/codes?done=generated',
    headers: { cookie: `${editor.cookie}; ${flash}` },
  })
  const code = CODE_IN_PAGE.exec(shown.body)?.[1] ?? ''
  expect(code).toMatch(/\S{8,}/)
  expect(shown.body).toContain('This is the only time the code is shown.')
  // The cookie is spent by this GET: the browser drops it, so the page never shows the code again.
  expect(String(shown.headers['set-cookie'])).toMatch(/^rm5-admin-flash=;.*Max-Age=0/i)
  expect(String(res.headers.location) + String(shown.headers['set-cookie'])).not.toContain(code)

  const reloaded = await t.app.inject({
    url: '/admin/codes?done=generated',
    headers: { cookie: editor.cookie },
  })
  expect(reloaded.statusCode).toBe(200)
  expect(reloaded.body).not.toContain(code)
  expect(reloaded.body).toContain('Code generated')
  expect(await codesLabelled(label)).toBe(1)

  // Another admin's session cannot open it, even with the cookie.
  const elsewhere = await page(`${other.cookie}; ${flash}`)
  expect(elsewhere.body).not.toContain(code)
})

it('refuses a code that needs an e-mail without mail, in the CLI’s words, and stores nothing', async () => {
  const label = `mail-${Math.random().toString(36).slice(2, 8)}`
  const posted = await send('/admin/codes', { retailer: 'circlek', label, requireEmail: 'on' })
  expect(String(posted.headers.location)).toMatch(/^\/admin\/codes\?answers=/)
  const res = await refusedPage(t.app, posted, editor.cookie)
  expect(res.statusCode).toBe(200)
  expect(res.body).toMatch(
    /A code that requires an e-mail needs mail, and this site cannot send it: set SMTP_URL/,
  )
  expect(res.body).toContain('NOTIFY_EMAIL_FROM')
  // The form comes back as typed, and a reload of the page shows the same and posts nothing.
  expect(res.body).toContain(`value="${label}"`)
  const reloaded = await refusedPage(t.app, posted, editor.cookie)
  expect(reloaded.body).toContain('NOTIFY_EMAIL_FROM')
  expect(await codesLabelled(label)).toBe(0)
})

it('shows an expiry as the date typed, the end of that day in UTC', async () => {
  const label = `expiry-${Math.random().toString(36).slice(2, 8)}`
  const res = await send('/admin/codes', { retailer: 'circlek', label, expires: '2099-12-31' })
  expect(res.statusCode).toBe(303)
  const body = (await page(editor.cookie)).body
  expect(body).toContain('2099-12-31 (end of day, UTC)')
  expect(body).not.toContain('2100-01-01 00:00 UTC')
})

it('denies an address on a code and admits it again, each a 303 and audited with the admin', async () => {
  const label = `deny-${Math.random().toString(36).slice(2, 8)}`
  await send('/admin/codes', { retailer: 'circlek', label })
  const { id } = await t.db.prisma.accessCode.findFirstOrThrow({ where: { label } })
  const viewer = 'sam@partner.example'

  const bad = await refusedPage(
    t.app,
    await send('/admin/codes/email', { code: id, email: 'not an address', rule: 'deny' }),
    editor.cookie,
  )
  expect(bad.body).toContain('There is a problem')
  expect(bad.body).toContain('value="not an address"')

  // A code that asks for no e-mail admits anyone holding it: a denial there is refused, not stored.
  const pointless = await refusedPage(
    t.app,
    await send('/admin/codes/email', { code: id, email: viewer, rule: 'deny' }),
    editor.cookie,
  )
  expect(pointless.body).toContain(DENIAL_NEEDS_EMAIL_STEP)
  expect((await t.db.prisma.accessCode.findUniqueOrThrow({ where: { id } })).deniedEmails).toEqual([])
  // This server sends no mail, so the step is turned on as a server that does would have it.
  await t.db.prisma.accessCode.update({ where: { id }, data: { requireEmail: true } })

  const denied = await send('/admin/codes/email', { code: id, email: viewer, rule: 'deny' })
  expect([denied.statusCode, denied.headers.location]).toEqual([303, '/admin/codes?done=denied'])
  expect((await t.db.prisma.accessCode.findUniqueOrThrow({ where: { id } })).deniedEmails).toEqual([viewer])
  // The list says which addresses a code keeps out, as `rm5 codes list --json` does.
  expect((await page(editor.cookie)).body).toContain(`Denied: ${viewer}`)
  const allowed = await send('/admin/codes/email', { code: id, email: viewer, rule: 'allow' })
  expect([allowed.statusCode, allowed.headers.location]).toEqual([303, '/admin/codes?done=allowed'])
  expect((await t.db.prisma.accessCode.findUniqueOrThrow({ where: { id } })).deniedEmails).toEqual([])
  expect((await page(editor.cookie)).body).not.toContain(`Denied: ${viewer}`)
  // Admitting an address never denied, or denying one twice, changes nothing and says so.
  const never = await send('/admin/codes/email', { code: id, email: 'new@partner.example', rule: 'allow' })
  expect([never.statusCode, never.headers.location]).toEqual([303, '/admin/codes?done=was-admitted'])
  await send('/admin/codes/email', { code: id, email: viewer, rule: 'deny' })
  const twice = await send('/admin/codes/email', { code: id, email: viewer, rule: 'deny' })
  expect([twice.statusCode, twice.headers.location]).toEqual([303, '/admin/codes?done=was-denied'])
  expect((await t.db.prisma.accessCode.findUniqueOrThrow({ where: { id } })).deniedEmails).toEqual([viewer])
  expect((await page(editor.cookie, '/admin/codes?done=was-admitted')).body).toContain(
    'That address was not denied',
  )
  const audit = await t.db.prisma.auditEntry.findMany({
    where: { actor: email, target: id },
    orderBy: { at: 'asc' },
  })
  expect(audit.map((entry) => entry.action)).toEqual([
    'code.generate',
    'code.deny-email',
    'code.allow-email',
    'code.deny-email',
  ])
})

it('the audit log names what each entry points at, not its id', async () => {
  const label = `named-${Math.random().toString(36).slice(2, 8)}`
  await send('/admin/codes', { retailer: 'circlek', label })
  const { id } = await t.db.prisma.accessCode.findFirstOrThrow({ where: { label } })
  const document = await t.app.documents.store.add(
    {
      retailer: 'pizzahut',
      bytes: Buffer.from(`# ${label}\n\nText.\n`),
      fileName: 'named.md',
      title: `Deck ${label}`,
    },
    { label: email },
  )
  await setAgreement(t.db.prisma, { label: email }, 'compass', `# Terms ${label}\n`)
  const log = await t.app.inject({
    url: `/admin/audit?actor=${encodeURIComponent(email)}`,
    headers: { cookie: editor.cookie },
  })
  expect(log.body).toContain(`code “${label}” of Circle K`)
  expect(log.body).toContain(`“Deck ${label}” of Pizza Hut`)
  expect(log.body).toContain('<td data-label="On">Compass</td>')
  expect(log.body).not.toContain(`<td data-label="On">${id}</td>`)
  expect(log.body).not.toContain(`<td data-label="On">${document.id}</td>`)
})

const codeLabelled = async (prefix: string) => {
  const label = `${prefix}-${Math.random().toString(36).slice(2, 8)}`
  await send('/admin/codes', { retailer: 'circlek', label })
  return (await t.db.prisma.accessCode.findFirstOrThrow({ where: { label } })).id
}
const emailRuleOf = (id: string) =>
  t.db.prisma.accessCode.findUniqueOrThrow({
    where: { id },
    select: { requireEmail: true, allowDomains: true },
  })

it('refuses to turn a code’s e-mail step on without mail, in the CLI’s words, and changes nothing', async () => {
  const id = await codeLabelled('step-nomail')
  const res = await refusedPage(
    t.app,
    await send('/admin/codes/require-email', { code: id, step: 'on', allowDomains: '' }),
    editor.cookie,
  )
  expect(res.statusCode).toBe(200)
  expect(res.body).toMatch(
    /A code that requires an e-mail needs mail, and this site cannot send it: set SMTP_URL .*NOTIFY_EMAIL_FROM/,
  )
  expect(await emailRuleOf(id)).toEqual({ requireEmail: false, allowDomains: [] })
})

it('a reader may not change a code’s e-mail step (403)', async () => {
  const id = await codeLabelled('step-reader')
  const reader = await signIn(t, `reader-${email}`, 'reader')
  const res = await send('/admin/codes/require-email', { code: id, step: 'off' }, reader)
  const page = await refusedPage(t.app, res, reader.cookie)
  expect(page.statusCode).toBe(403)
  expect(page.body).toContain('Your role (reader) may only look.')
})

// A site with mail, behind a proxy TRUST_PROXY believes that ends TLS (the gate cookie's rule).
describe('with mail, behind a TLS proxy', () => {
  const tls = { 'x-forwarded-proto': 'https' }
  let beside: FastifyInstance
  let admin: SignedIn
  const sendBeside = (url: string, form: Record<string, string>) =>
    beside.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: admin.cookie, ...tls },
      payload: new URLSearchParams({ ...form, _csrf: admin.csrf }).toString(),
    })

  beforeAll(async () => {
    beside = await appBeside(t, {
      env: {
        ...t.env,
        SITE_URL: 'http://rm5.example',
        TRUST_PROXY: true,
        SMTP_URL: 'smtp://127.0.0.1:2525',
        NOTIFY_EMAIL_FROM: 'docket@rm5.example',
        NOTIFY_EMAIL_TO: ['ops@rm5.example'],
      },
      logger: false,
      access: { rateLimitPrefix: limitPrefix() },
    })
    const signedIn = await beside.inject({
      method: 'POST',
      url: '/admin/sign-in/link',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...tls },
      payload: new URLSearchParams({ token: await linkToken(t, email) }).toString(),
    })
    const cookie = cookieOf(signedIn)
    const page = await beside.inject({ url: '/admin/codes', headers: { cookie, ...tls } })
    admin = { cookie, csrf: csrfIn(page.body) }
  })
  afterAll(async () => {
    await beside?.close()
  })

  it('turns a code’s e-mail step on with domains and off again, each a 303 with a notice, audited', async () => {
    const id = await codeLabelled('step')
    const on = await sendBeside('/admin/codes/require-email', {
      code: id,
      step: 'on',
      allowDomains: 'CircleK.com, example.com',
    })
    expect([on.statusCode, on.headers.location]).toEqual([303, '/admin/codes?done=email-on'])
    expect(await emailRuleOf(id)).toEqual({
      requireEmail: true,
      allowDomains: ['circlek.com', 'example.com'],
    })
    const onPage = await beside.inject({
      url: String(on.headers.location),
      headers: { cookie: admin.cookie, ...tls },
    })
    expect(onPage.body).toContain('E-mail step on')
    expect(onPage.body).toContain('circlek.com, example.com')

    const off = await sendBeside('/admin/codes/require-email', { code: id, step: 'off', allowDomains: '' })
    expect([off.statusCode, off.headers.location]).toEqual([303, '/admin/codes?done=email-off'])
    expect(await emailRuleOf(id)).toEqual({ requireEmail: false, allowDomains: [] })
    const offPage = await beside.inject({
      url: String(off.headers.location),
      headers: { cookie: admin.cookie, ...tls },
    })
    expect(offPage.body).toContain('The code alone opens the docket again.')

    // As `--off --allow-domain` is refused: domains need the step on.
    const mixed = await sendBeside('/admin/codes/require-email', {
      code: id,
      step: 'off',
      allowDomains: 'a.example',
    })
    const mixedPage = await refusedPage(beside, mixed, admin.cookie, tls)
    expect(mixedPage.body).toContain('There is a problem')

    const audit = await t.db.prisma.auditEntry.findMany({
      where: { actor: email, target: id, action: 'code.require-email' },
      orderBy: { at: 'asc' },
    })
    expect(audit.map((entry) => entry.details)).toEqual([
      { requireEmail: true, allowDomains: ['circlek.com', 'example.com'] },
      { requireEmail: false, allowDomains: [] },
    ])
  })

  it('sets the one-time flash cookie Secure, as the session cookie', async () => {
    const res = await sendBeside('/admin/codes', { retailer: 'circlek', label: 'flash-tls' })
    expect(res.statusCode).toBe(303)
    expect(String(res.headers['set-cookie'])).toMatch(/^rm5-admin-flash=[^;]+;.*; Secure/i)
  })
})

it('says when a code was revoked already, and that an id naming no code names none (303, then 404)', async () => {
  const label = `revoke-${Math.random().toString(36).slice(2, 8)}`
  await send('/admin/codes', { retailer: 'circlek', label })
  const id = (await t.db.prisma.accessCode.findFirstOrThrow({ where: { label } })).id
  const first = await send(`/admin/codes/${id}/revoke`, {})
  expect([first.statusCode, first.headers.location]).toEqual([303, '/admin/codes?done=revoked'])
  const again = await send(`/admin/codes/${id}/revoke`, {})
  expect([again.statusCode, again.headers.location]).toEqual([303, '/admin/codes?done=was-revoked'])
  const shown = await t.app.inject({
    url: String(again.headers.location),
    headers: { cookie: editor.cookie },
  })
  expect(shown.body).toContain('That code was revoked already')
  expect(shown.body).not.toContain('Code revoked')
  expect(await t.db.prisma.auditEntry.count({ where: { action: 'code.revoke', target: id } })).toBe(1)

  for (const missing of ['00000000-0000-4000-8000-000000000000', 'garbage']) {
    const res = await send(`/admin/codes/${missing}/revoke`, {})
    const page = await refusedPage(t.app, res, editor.cookie)
    expect(page.statusCode, missing).toBe(404)
    expect(page.body, missing).toContain('There is no such code.')
  }
})
