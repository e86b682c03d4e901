// Signing in to the console from a test (an admin added and a printed link used, as
// `rm5 admins add` then `rm5 admins link` do) and the list of every console action with the
// permission it needs: the role matrix and the CSRF tests walk the same list.
import type { LightMyRequestResponse } from 'fastify'
import type { Permission } from '../../lib/admin/roles.ts'
import { addAdmin } from '../../server/admin/admins.server.ts'
import { issueSignInLink } from '../../server/admin/sign-in.server.ts'
import { publicOrigin } from '../../server/http/public-origin.server.ts'
import { seedCode } from './access.ts'
import type { TestApp } from './app.ts'
import { seedPartner } from './partners.ts'

export interface SignedIn {
  cookie: string
  csrf: string
}

export const cookieOf = (res: LightMyRequestResponse) =>
  String([res.headers['set-cookie'] ?? []].flat()[0] ?? '').split(';', 1)[0] ?? ''

export async function linkToken(t: TestApp, email: string, now?: Date): Promise<string> {
  const issued = await issueSignInLink(t.db.prisma, { label: 'cli@test' }, publicOrigin(t.env), email, now)
  if (!issued) throw new Error(`${email} is not an admin`)
  return new URL(issued.url).searchParams.get('token') ?? ''
}

let client = 0

/** Uses a link, each time from another client address (the link's use is limited per client). */
export function openLink(t: TestApp, token: string, remoteAddress = `203.0.113.${(client++ % 250) + 1}`) {
  return t.app.inject({
    method: 'POST',
    url: '/admin/sign-in/link',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token }).toString(),
  })
}

export const csrfIn = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? ''

/** Adds the admin (when new) and signs in with a printed link. */
export async function signIn(
  t: TestApp,
  email: string,
  role?: 'owner' | 'editor' | 'reader',
): Promise<SignedIn> {
  if (role) await addAdmin(t.db.prisma, { label: 'cli@test' }, { email, role })
  const res = await openLink(t, await linkToken(t, email))
  if (res.statusCode !== 303) throw new Error(`sign-in answered ${res.statusCode}`)
  const cookie = cookieOf(res)
  const page = await t.app.inject({ url: '/admin', headers: { cookie } })
  return { cookie, csrf: csrfIn(page.body) }
}

export function post(
  t: TestApp,
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  })
}

/** A file a multipart form sends. */
export interface FilePart {
  fileName: string
  bytes: Uint8Array
}

/**
 * A multipart/form-data body as a browser sends a form: the fields in order (the console's CSRF
 * token first), then the file when there is one.
 */
export function multipartBody(
  fields: [string, string][],
  file?: FilePart,
  options: { fileFirst?: boolean } = {},
) {
  const boundary = `----rm5test${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = fields.map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  )
  if (file) {
    parts[options.fileFirst ? 'unshift' : 'push'](
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** An upload form's post: `_csrf` first (when given), the fields, the file. */
export function postMultipart(
  t: TestApp,
  url: string,
  fields: Record<string, string>,
  file: FilePart | undefined,
  headers: Record<string, string> = {},
) {
  const ordered = Object.entries(fields).sort(([a], [b]) => Number(b === '_csrf') - Number(a === '_csrf'))
  const body = multipartBody(ordered, file)
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': body.contentType, ...headers },
    payload: body.payload,
  })
}

export interface ConsoleAction {
  name: string
  method: 'GET' | 'POST'
  url: string
  needs: Permission
  form?: Record<string, string>
  /** A JSON call of a console script: 404 without a session, not the sign-in page. */
  api?: true
  /** An upload: the form is sent as multipart with this file (a new one on every call). */
  file?: () => FilePart
}

let uploads = 0
/** A Markdown file unlike any sent before (a replacement must differ from the version it replaces). */
export const freshMarkdown = (): FilePart => ({
  fileName: 'matrix.md',
  bytes: Buffer.from(`# Matrix upload ${++uploads}\n\nA line of text.\n`),
})

/** Sends a console action as a browser would: GET, a form post, or an upload. */
export function sendAction(
  t: TestApp,
  action: ConsoleAction,
  options: { csrf?: string; headers?: Record<string, string> } = {},
) {
  const headers = options.headers ?? {}
  if (action.method === 'GET') return t.app.inject({ url: action.url, headers })
  const form = { ...action.form, ...(options.csrf ? { _csrf: options.csrf } : {}) }
  if (action.file) return postMultipart(t, action.url, form, action.file(), headers)
  return post(t, action.url, form, headers)
}

/** A webhook notification that has failed for good: one the console can retry. */
export const seedFailedNotification = (t: TestApp) =>
  t.db.prisma.notification.create({
    data: {
      event: 'contact.created',
      channel: 'webhook',
      payload: {},
      giveUpAt: new Date(),
      failedAt: new Date(),
    },
  })

/**
 * A code, a failed notification, a second admin, a partner, a document, an application and a
 * message: the rows the console's actions name.
 */
export async function seedConsoleRows(t: TestApp, removable: string) {
  const code = await seedCode(t.db, 'circlek', `console-code-${removable}-1234-ABCD`)
  const notification = await seedFailedNotification(t)
  await addAdmin(t.db.prisma, { label: 'cli@test' }, { email: removable, role: 'reader' })
  const partner = `matrix-${code.slice(0, 8)}`
  await seedPartner(t.db.prisma, partner, 'Matrix')
  const document = await t.app.documents.store.add({
    retailer: 'circlek',
    bytes: Buffer.from('# Seeded\n\nFor the console.\n'),
    fileName: 'seeded.md',
  })
  const application = await t.db.prisma.retailerApplication.create({
    data: {
      companyName: 'Matrix Bakes',
      businessType: 'Bakery',
      numberOfLocations: 2,
      contactName: 'Dana Matrix',
      email: 'dana@matrix.example',
      phone: '(512) 555-0142',
    },
  })
  const message = await t.db.prisma.contactMessage.create({
    data: { name: 'Sam Matrix', email: 'sam@matrix.example', message: 'Hello from the matrix.' },
  })
  const viewer = 'lee@matrix.example'
  const session = await t.db.prisma.accessSession.create({
    data: { retailer: 'circlek', email: viewer, expiresAt: new Date(Date.now() + 3_600_000) },
  })
  return {
    code,
    notification: notification.id,
    removable,
    partner,
    document: document.id,
    application: application.id,
    message: message.id,
    viewer,
    session: session.id,
  }
}

export type ConsoleRows = Awaited<ReturnType<typeof seedConsoleRows>>

/** Every console action, with ids of real rows (`ids`) where the URL names one. */
export function consoleActions(ids: ConsoleRows): ConsoleAction[] {
  const doc = `/admin/documents/${ids.document}`
  const theme = { name: 'Matrix', tint: '#1f6feb', ink: '#0b0d10', monogram: 'MX', audience: 'Tests' }
  return [
    { name: 'overview', method: 'GET', url: '/admin', needs: 'read' },
    { name: 'codes page', method: 'GET', url: '/admin/codes', needs: 'read' },
    { name: 'notifications page', method: 'GET', url: '/admin/notifications', needs: 'read' },
    { name: 'audit log', method: 'GET', url: '/admin/audit', needs: 'read' },
    { name: 'audit CSV', method: 'GET', url: '/admin/audit.csv', needs: 'read' },
    { name: 'visitors page', method: 'GET', url: '/admin/visitors?days=7', needs: 'read' },
    { name: 'visitors CSV', method: 'GET', url: '/admin/visitors.csv?table=sources', needs: 'read' },
    { name: 'admins page', method: 'GET', url: '/admin/admins', needs: 'admins' },
    { name: 'partners page', method: 'GET', url: '/admin/partners', needs: 'read' },
    { name: 'a partner', method: 'GET', url: `/admin/partners/${ids.partner}`, needs: 'read' },
    {
      name: 'gate preview',
      method: 'GET',
      url: `/admin/partners/preview.svg?${new URLSearchParams(theme)}`,
      needs: 'read',
    },
    { name: 'agreements page', method: 'GET', url: '/admin/agreements', needs: 'read' },
    { name: 'passkeys page', method: 'GET', url: '/admin/passkeys', needs: 'read' },
    { name: 'viewers page', method: 'GET', url: `/admin/viewers?email=${ids.viewer}`, needs: 'read' },
    {
      name: 'confirm deleting a viewer’s data',
      method: 'GET',
      url: `/admin/viewers/delete?email=${ids.viewer}`,
      needs: 'edit',
    },
    {
      name: 'end a viewer’s session',
      method: 'POST',
      url: `/admin/viewers/sessions/${ids.session}/revoke`,
      needs: 'edit',
      form: {},
    },
    {
      name: 'sign a viewer out everywhere',
      method: 'POST',
      url: '/admin/viewers/revoke',
      needs: 'edit',
      form: { email: ids.viewer },
    },
    {
      name: 'delete a viewer’s data',
      method: 'POST',
      url: '/admin/viewers/delete',
      needs: 'edit',
      form: { email: ids.viewer },
    },
    {
      name: 'generate a code',
      method: 'POST',
      url: '/admin/codes',
      needs: 'edit',
      form: { retailer: 'circlek', label: 'matrix' },
    },
    {
      name: 'revoke a code',
      method: 'POST',
      url: `/admin/codes/${ids.code}/revoke`,
      needs: 'edit',
      form: {},
    },
    {
      name: 'turn a code’s e-mail step off',
      method: 'POST',
      url: '/admin/codes/require-email',
      needs: 'edit',
      form: { code: ids.code, step: 'off' },
    },
    {
      name: 'deny an e-mail on a code',
      method: 'POST',
      url: '/admin/codes/email',
      needs: 'edit',
      form: { code: ids.code, email: 'denied@matrix.example', rule: 'deny' },
    },
    {
      name: 'set an agreement',
      method: 'POST',
      url: '/admin/agreements',
      needs: 'edit',
      form: { retailer: 'circlek' },
      file: freshMarkdown,
    },
    {
      name: 'clear an agreement',
      method: 'POST',
      url: '/admin/agreements/clear',
      needs: 'edit',
      form: { retailer: 'circlek' },
    },
    {
      name: 'retry a notification',
      method: 'POST',
      url: `/admin/notifications/${ids.notification}/retry`,
      needs: 'edit',
      form: {},
    },
    { name: 'documents page', method: 'GET', url: '/admin/documents', needs: 'read' },
    { name: 'a document and its versions', method: 'GET', url: doc, needs: 'read' },
    { name: 'engagement page', method: 'GET', url: `${doc}/engagement`, needs: 'read' },
    { name: 'engagement CSV', method: 'GET', url: `${doc}/engagement.csv?figures=pages`, needs: 'read' },
    { name: 'applications page', method: 'GET', url: '/admin/applications', needs: 'read' },
    { name: 'messages page', method: 'GET', url: '/admin/messages', needs: 'read' },
    { name: 'an application', method: 'GET', url: `/admin/applications/${ids.application}`, needs: 'read' },
    { name: 'a message', method: 'GET', url: `/admin/messages/${ids.message}`, needs: 'read' },
    { name: 'export applications CSV', method: 'GET', url: '/admin/applications.csv', needs: 'edit' },
    { name: 'export applications JSON', method: 'GET', url: '/admin/applications.json', needs: 'edit' },
    { name: 'export messages CSV', method: 'GET', url: '/admin/messages.csv', needs: 'edit' },
    { name: 'export messages JSON', method: 'GET', url: '/admin/messages.json', needs: 'edit' },
    {
      name: 'confirm deleting an application',
      method: 'GET',
      url: `/admin/applications/${ids.application}/delete`,
      needs: 'edit',
    },
    {
      name: 'confirm deleting a message',
      method: 'GET',
      url: `/admin/messages/${ids.message}/delete`,
      needs: 'edit',
    },
    {
      name: 'upload a document',
      method: 'POST',
      url: '/admin/documents',
      needs: 'edit',
      form: { retailer: 'circlek', title: 'Matrix upload' },
      file: freshMarkdown,
    },
    {
      name: 'replace a document',
      method: 'POST',
      url: `${doc}/replace`,
      needs: 'edit',
      form: {},
      file: freshMarkdown,
    },
    {
      name: 'change a document’s audience and download',
      method: 'POST',
      url: `${doc}/settings`,
      needs: 'edit',
      form: { download: 'no' },
    },
    { name: 'remove a document', method: 'POST', url: `${doc}/remove`, needs: 'edit', form: {} },
    {
      name: 'delete an application',
      method: 'POST',
      url: `/admin/applications/${ids.application}/delete`,
      needs: 'edit',
      form: {},
    },
    {
      name: 'delete a message',
      method: 'POST',
      url: `/admin/messages/${ids.message}/delete`,
      needs: 'edit',
      form: {},
    },
    {
      name: 'add a partner',
      method: 'POST',
      url: '/admin/partners',
      needs: 'edit',
      form: { slug: `new-${ids.code.slice(0, 8)}`, name: 'New partner' },
    },
    {
      name: 'preview a theme',
      method: 'POST',
      url: `/admin/partners/${ids.partner}/preview`,
      needs: 'edit',
      form: theme,
    },
    {
      name: 'change a theme',
      method: 'POST',
      url: `/admin/partners/${ids.partner}`,
      needs: 'edit',
      form: theme,
    },
    {
      name: 'upload a partner’s logo',
      method: 'POST',
      url: `/admin/partners/${ids.partner}/logo`,
      needs: 'edit',
      form: {},
      file: () => ({ fileName: 'logo.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }),
    },
    {
      name: 'the confirm step of removing a partner',
      method: 'GET',
      url: `/admin/partners/${ids.partner}/remove`,
      needs: 'edit',
    },
    {
      name: 'ask to remove a partner',
      method: 'POST',
      url: `/admin/partners/${ids.partner}/remove`,
      needs: 'edit',
      form: {},
    },
    {
      name: 'remove a partner',
      method: 'POST',
      url: `/admin/partners/${ids.partner}/remove`,
      needs: 'edit',
      form: { confirm: 'yes' },
    },
    // Each admin's own passkeys: every role (the answers differ: no passkey by that id, no WebAuthn
    // response in the body; the matrix checks only who may ask).
    {
      name: 'passkey options',
      method: 'POST',
      url: '/admin/passkeys/options',
      needs: 'read',
      form: {},
      api: true,
    },
    {
      name: 'register a passkey',
      method: 'POST',
      url: '/admin/passkeys',
      needs: 'read',
      form: {},
      api: true,
    },
    {
      name: 'remove a passkey',
      method: 'POST',
      url: '/admin/passkeys/remove',
      needs: 'read',
      form: { id: 'no-such-passkey' },
    },
    {
      name: 'add an admin',
      method: 'POST',
      url: '/admin/admins',
      needs: 'admins',
      form: { email: `new-${ids.code.slice(0, 8)}@example.com`, role: 'reader' },
    },
    {
      name: 'change an admin’s role',
      method: 'POST',
      url: '/admin/admins/role',
      needs: 'admins',
      form: { email: ids.removable, role: 'editor' },
    },
    {
      name: 'remove an admin',
      method: 'POST',
      url: '/admin/admins/remove',
      needs: 'admins',
      form: { email: ids.removable },
    },
  ]
}

/**
 * A console form refused for what was typed (decision 071): the post answers 303 to its page,
 * naming the kept answers; this follows it with the admin's cookie and gives the page, which a
 * reload shows again without posting.
 */
export async function refusedPage(
  app: Pick<TestApp['app'], 'inject'>,
  res: LightMyRequestResponse,
  cookie: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const location = String(res.headers.location ?? '')
  if (res.statusCode !== 303 || !/[?&]answers=[\w-]{22}$/.test(location))
    throw new Error(
      `a refused form answered ${res.statusCode} to "${location}", not 303 to its page's answers`,
    )
  return app.inject({ url: location, headers: { cookie, ...headers } })
}

/**
 * What a console answer shows: the refused page a post was redirected to (`/admin/refused`, a row
 * gone, a role that does not allow it, a change met meanwhile), followed; any other answer as it is.
 */
export async function shownAnswer(
  app: Pick<TestApp['app'], 'inject'>,
  res: LightMyRequestResponse,
  cookie: string,
): Promise<LightMyRequestResponse> {
  const location = String(res.headers.location ?? '')
  if (res.statusCode !== 303 || !location.startsWith('/admin/refused?')) return res
  return refusedPage(app, res, cookie)
}
