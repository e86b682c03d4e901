// The console's Applications and messages page against the real app and Postgres: the list and its
// filter, one record, the exports (byte for byte what `rm5 applications|contact export` writes, the
// same function), and delete behind its confirm step, audited, with the notifications about it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { utcMinute } from '../../lib/utc-day.ts'
import { applications, contactMessages, exportRecords } from '../../server/forms/records.server.ts'
import { limitPrefix } from '../helpers/access.ts'
import { post, type SignedIn, signIn } from '../helpers/admin-console.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { postJson, sendApplication } from '../helpers/submissions.ts'

let t: TestApp
let editor: SignedIn
const ids: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestApp({ access: { rateLimitPrefix: limitPrefix() } })
  editor = await signIn(t, 'editor@example.com', 'editor')
  for (const [company, email] of [
    ['Dana Bakes', 'dana@bakes.example'],
    ['=HYPERLINK("http://evil")', 'eve@evil.example'],
    // Its own record for the delete test, so that the tests hold in any order.
    ['Dora Deletes', 'dora@deletes.example'],
  ] as const)
    ids[email] = await sendApplication(t.app, company, email)
  const res = await postJson(t.app, '/api/contact', {
    name: 'Sam Asker',
    email: 'sam@asker.example',
    message: 'Please call me back about pricing.',
  })
  ids.message = res.json().id
})
afterAll(async () => {
  await t?.close()
})

const page = (url: string) => t.app.inject({ url, headers: { cookie: editor.cookie } })
const collect = async (chunks: AsyncIterable<string>) => {
  let text = ''
  for await (const chunk of chunks) text += chunk
  return text
}

describe('list, filter, read', () => {
  it('lists the newest first and filters by e-mail', async () => {
    const all = await page('/admin/applications')
    expect(all.body).toContain('Dana Bakes')
    expect(all.body).toContain('=HYPERLINK(&quot;http://evil&quot;)')
    const one = await page('/admin/applications?email=DANA@bakes.example')
    expect(one.body).toContain('Dana Bakes')
    expect(one.body).not.toContain('HYPERLINK')
    // The exports carry the filter.
    expect(one.body).toContain('href="/admin/applications.csv?email=DANA%40bakes.example"')
    const messages = await page('/admin/messages')
    expect(messages.body).toContain(`href="/admin/messages/${ids.message}">Sam Asker</a>`)
  })

  it('shows one record, every field', async () => {
    const res = await page(`/admin/messages/${ids.message}`)
    expect(res.body).toContain('Please call me back about pricing.')
    expect(res.body).toContain('sam@asker.example')
    // Received as the console writes every time: UTC, to the minute (the exports keep ISO 8601).
    const { createdAt } = await t.db.prisma.contactMessage.findUniqueOrThrow({ where: { id: ids.message } })
    expect(res.body).toContain(`<dd>${utcMinute(createdAt)} UTC</dd>`)
    expect(res.body).not.toContain(createdAt.toISOString())
    expect((await page('/admin/messages/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    expect((await page('/admin/messages/not-an-id')).statusCode).toBe(404)
  })
})

describe('exports', () => {
  it('CSV and JSON are what the CLI writes, attachments, formula cells neutralised', async () => {
    const csv = await page('/admin/applications.csv')
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(csv.body).toBe(await collect(exportRecords(t.db.prisma, applications, { format: 'csv' })))
    expect(csv.body).toContain(`'=HYPERLINK(""http://evil"")`)
    const json = await page('/admin/messages.json?email=sam@asker.example')
    expect(json.body).toBe(
      await collect(
        exportRecords(t.db.prisma, contactMessages, { format: 'json', email: 'sam@asker.example' }),
      ),
    )
    expect(JSON.parse(json.body)).toEqual([expect.objectContaining({ id: ids.message, name: 'Sam Asker' })])
  })
})

describe('delete', () => {
  it('asks first, then deletes the record and its notifications, and the audit log names the id', async () => {
    const id = ids['dora@deletes.example'] as string
    const detail = await page(`/admin/applications/${id}`)
    expect(detail.body).toContain(`href="/admin/applications/${id}/delete"`)
    const confirm = await page(`/admin/applications/${id}/delete`)
    expect(confirm.body).toContain('Delete this application?')
    expect(confirm.body).toContain(`action="/admin/applications/${id}/delete"`)
    // Asking changed nothing.
    expect(await t.db.prisma.retailerApplication.count({ where: { id } })).toBe(1)

    const res = await post(
      t,
      `/admin/applications/${id}/delete`,
      { _csrf: editor.csrf },
      { cookie: editor.cookie },
    )
    expect([res.statusCode, res.headers.location]).toEqual([303, '/admin/applications?done=deleted'])
    expect(await t.db.prisma.retailerApplication.count({ where: { id } })).toBe(0)
    expect(
      await t.db.prisma.notification.count({ where: { payload: { path: ['applicationId'], equals: id } } }),
    ).toBe(0)
    const audit = await t.db.prisma.auditEntry.findFirst({
      where: { action: 'application.delete', target: id },
    })
    expect(audit).toMatchObject({ actor: 'editor@example.com', details: { ids: [id], count: 1 } })
    expect(JSON.stringify(audit?.details)).not.toContain('Dora Deletes')
    expect((await page('/admin/applications?done=deleted')).body).toContain('The application was deleted')

    // A second Delete (a double click, a second tab, the CLI first) finds it gone: 303 to the
    // list, which says so; nothing more is audited.
    const again = await post(
      t,
      `/admin/applications/${id}/delete`,
      { _csrf: editor.csrf },
      { cookie: editor.cookie },
    )
    expect([again.statusCode, again.headers.location]).toEqual([303, '/admin/applications?done=gone'])
    expect((await page('/admin/applications?done=gone')).body).toContain(
      'The application had been deleted already',
    )
    expect(await t.db.prisma.auditEntry.count({ where: { action: 'application.delete', target: id } })).toBe(
      1,
    )
  })
})
