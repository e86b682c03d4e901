// The console's Viewers page against the real app and Postgres: live sessions searched by e-mail,
// a person's data, signing one person out everywhere, ending one session and deleting a person's
// data (sessions included), each through the `rm5 viewers` services and audited under the admin's
// e-mail; the gate stops honouring what was ended. Forms without JavaScript: plain posts, the
// console's error summary for an address that is not one.
import { beforeAll, describe, expect, it } from 'vitest'
import { post, refusedPage, type SignedIn, signIn } from '../helpers/admin-console.ts'
import { SESSION_CUTOFF_MS } from '../helpers/promised.ts'
import { viewerSessionsForFile } from '../helpers/viewer-sessions.ts'

const { t, clock, codes, linkGrant, danaAndLee, retailers } = viewerSessionsForFile()
let editor: SignedIn
let watcher: SignedIn

beforeAll(async () => {
  editor = await signIn(t, 'editor@example.com', 'editor')
  watcher = await signIn(t, 'watcher@example.com', 'reader')
})

const sessionIdOf = (cookie: string) => cookie.split('.')[1] as string
const page = (url: string, as: SignedIn = editor) => t.app.inject({ url, headers: { cookie: as.cookie } })
const act = (url: string, form: Record<string, string> = {}) =>
  post(t, url, { ...form, _csrf: editor.csrf }, { cookie: editor.cookie })
const audit = (action: string) =>
  t.db.prisma.auditEntry.findMany({ where: { action }, orderBy: { at: 'asc' } })

describe('the page', () => {
  it('lists live sessions, filters them by part of an address, and shows what is held about a whole one', async () => {
    await linkGrant('circlek', 'ana@circlek.com')
    await linkGrant('investor', 'ben@fund.example')
    await t.db.prisma.documentView.create({
      data: {
        documentId: 'c'.repeat(32),
        version: 1,
        retailer: 'circlek',
        email: 'ana@circlek.com',
        page: 0,
        ipHash: 'h',
        opens: 1,
      },
    })
    const all = await page('/admin/viewers')
    expect(all.statusCode).toBe(200)
    expect(all.body).toContain('ana@circlek.com')
    expect(all.body).toContain('ben@fund.example')

    const part = await page('/admin/viewers?email=FUND.example')
    expect(part.body).toContain('ben@fund.example')
    expect(part.body).not.toContain('ana@circlek.com')
    expect(part.body).not.toContain('What is held about')

    const whole = await page('/admin/viewers?email=Ana@CircleK.com')
    expect(whole.body).toContain('What is held about ana@circlek.com')
    expect(whole.body).toMatch(/<dt>Document views<\/dt><dd>1<\/dd>/)
    expect(whole.body).toMatch(/<dt>Data-room sessions \(live or ended\)<\/dt><dd>1<\/dd>/)
    expect(whole.body).toContain('Sign out everywhere')
  })

  it('shows a reader the same figures and no action', async () => {
    // A person of its own: with nothing held, the page offers no action to any role.
    await linkGrant('circlek', 'uma@circlek.com')
    const url = '/admin/viewers?email=uma@circlek.com'
    const [asEditor, res] = [await page(url), await page(url, watcher)]
    // The editor is offered the actions: their absence below is the role's doing.
    expect(asEditor.body).toContain('Sign out everywhere')
    const figures = (html: string) => /<dl class="record">[\s\S]*?<\/dl>/.exec(html)?.[0]
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('What is held about uma@circlek.com')
    expect(figures(res.body)).toMatch(/<dt>Data-room sessions \(live or ended\)<\/dt><dd>1<\/dd>/)
    expect(figures(res.body)).toBe(figures(asEditor.body))
    expect(res.body).not.toContain('Sign out everywhere')
    expect(res.body).not.toContain('End session')
    expect(res.body).not.toContain('Delete their data')
  })
})

describe('acting on viewers', () => {
  it('signs one person out at every partner; others keep theirs; audited under the admin', async () => {
    const { dana, lee } = await danaAndLee()
    const res = await act('/admin/viewers/revoke', { email: 'DANA@circlek.com' })
    expect([res.statusCode, res.headers.location]).toEqual([
      303,
      '/admin/viewers?email=dana%40circlek.com&done=revoked&ended=2',
    ])
    clock.advance(SESSION_CUTOFF_MS)
    for (const cookie of dana) expect(await retailers(cookie)).toEqual([])
    expect(await retailers(lee)).toEqual(['circlek'])
    const [entry] = await audit('viewer.revoke')
    expect(entry).toMatchObject({
      actor: 'editor@example.com',
      target: 'dana@circlek.com',
      details: { sessions: 2 },
      clientHash: expect.any(String),
    })
    const after = await page(String(res.headers.location))
    expect(after.body).toContain('Signed out: 2 session(s) ended')
  })

  it('ends one session, not the person’s others', async () => {
    const here = await linkGrant('circlek', 'kim@circlek.com')
    const there = await linkGrant('investor', 'kim@circlek.com')
    const listed = await page('/admin/viewers?email=kim@')
    expect(listed.body).toContain(`action="/admin/viewers/sessions/${sessionIdOf(here)}/revoke"`)
    const res = await act(`/admin/viewers/sessions/${sessionIdOf(here)}/revoke`)
    expect([res.statusCode, res.headers.location]).toEqual([303, '/admin/viewers?done=session'])
    const again = await act(`/admin/viewers/sessions/${sessionIdOf(here)}/revoke`)
    expect(again.headers.location).toBe('/admin/viewers?done=gone')
    clock.advance(SESSION_CUTOFF_MS)
    expect(await retailers(here)).toEqual([])
    expect(await retailers(there)).toEqual(['investor'])
    expect((await audit('viewer.revoke-session')).map((row) => [row.actor, row.target])).toEqual([
      ['editor@example.com', sessionIdOf(here)],
    ])
  })

  it('deletes a person’s data after a confirm step, their sessions with it, and nobody else’s', async () => {
    const ria = await linkGrant('circlek', 'ria@circlek.com')
    const sam = await linkGrant('circlek', 'sam@circlek.com')
    await t.db.prisma.docketView.create({
      data: {
        retailer: 'circlek',
        codeId: codes.circlek,
        email: 'ria@circlek.com',
        page: '/docket',
        ipHash: 'h',
      },
    })
    const confirm = await page('/admin/viewers/delete?email=ria@circlek.com')
    expect(confirm.statusCode).toBe(200)
    expect(confirm.body).toContain('Docket openings: 1')
    expect(confirm.body).toContain('Data-room sessions (live or ended): 1')

    const res = await act('/admin/viewers/delete', { email: 'ria@circlek.com' })
    expect([res.statusCode, res.headers.location]).toEqual([
      303,
      '/admin/viewers?email=ria%40circlek.com&done=deleted',
    ])
    const where = { email: 'ria@circlek.com' }
    expect(await t.db.prisma.accessSession.count({ where })).toBe(0)
    expect(await t.db.prisma.docketView.count({ where })).toBe(0)
    expect(await t.db.prisma.accessSession.count({ where: { email: 'sam@circlek.com' } })).toBe(1)
    clock.advance(SESSION_CUTOFF_MS)
    expect(await retailers(ria)).toEqual([])
    expect(await retailers(sam)).toEqual(['circlek'])
    const [entry] = await audit('viewer.delete')
    expect(entry).toMatchObject({
      actor: 'editor@example.com',
      target: 'ria@circlek.com',
      details: expect.objectContaining({ sessions: 1, docketViews: 1 }),
    })
    const after = await page(String(res.headers.location))
    expect(after.body).toContain('Their data was deleted')
    expect(after.body).toContain('Nothing is held about ria@circlek.com in the data room.')
  })

  it('refuses an address that is not one with the error summary, and changes nothing', async () => {
    const before = await t.db.prisma.auditEntry.count()
    for (const url of ['/admin/viewers/revoke', '/admin/viewers/delete']) {
      const res = await refusedPage(t.app, await act(url, { email: 'not-an-address' }), editor.cookie)
      expect([url, res.statusCode]).toEqual([url, 200])
      expect(res.body).toContain('value="not-an-address"')
      expect(res.body).toContain('There is a problem')
      expect(res.body).toContain('href="#viewers-email"')
      expect(res.body).toContain('Enter a valid e-mail address, like name@company.com.')
    }
    const confirm = await page('/admin/viewers/delete?email=nobody')
    expect(confirm.statusCode).toBe(400)
    expect(confirm.body).toContain('Name the person by their whole e-mail address.')
    expect(await t.db.prisma.auditEntry.count()).toBe(before)
  })
})

describe('a person the forms know but the data room does not', () => {
  it('is told apart: nothing held in the data room, their application named, nothing to delete', async () => {
    const address = 'applied-only@retail.example'
    await t.db.prisma.retailerApplication.create({
      data: {
        companyName: 'Retail Example',
        businessType: 'grocery',
        numberOfLocations: 2,
        contactName: 'Ada',
        email: address,
        phone: '+15125550142',
      },
    })
    const shown = await page(`/admin/viewers?${new URLSearchParams({ email: address })}`)
    expect(shown.body).toContain(`Nothing is held about ${address} in the data room.`)
    expect(shown.body).toContain(
      `href="/admin/applications?email=applied-only%40retail.example">1 application(s)</a>`,
    )
    const confirm = await page(`/admin/viewers/delete?${new URLSearchParams({ email: address })}`)
    expect(confirm.body).toContain('Nothing to delete')
    expect(confirm.body).not.toContain('Delete their data</button>')
    const before = await t.db.prisma.auditEntry.count({ where: { action: 'viewer.delete' } })
    const res = await act('/admin/viewers/delete', { email: address })
    expect([res.statusCode, res.headers.location]).toEqual([
      303,
      `/admin/viewers?${new URLSearchParams({ email: address, done: 'nothing' })}`,
    ])
    expect((await page(String(res.headers.location))).body).toContain(
      'Nothing was held in the data room, so nothing was deleted',
    )
    expect(await t.db.prisma.auditEntry.count({ where: { action: 'viewer.delete' } })).toBe(before)
    expect(await t.db.prisma.retailerApplication.count({ where: { email: address } })).toBe(1)
  })
})
