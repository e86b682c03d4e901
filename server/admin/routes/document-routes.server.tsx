// The console's Documents pages: the list per partner, upload, one document with its versions,
// replace, remove, and its engagement page with CSV. Every change goes through the data room's
// DocumentStore, the one the CLI's `rm5 documents add|replace|remove` opens: the same inspection
// in the worker pool, the same limits, the same refusals, and an audit entry in the same
// transaction. Audience and download settings are set at upload and changed at
// /documents/:id/settings with the service's own options (decision 043).
import { readFile } from 'node:fs/promises'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { listCodes } from '../../access/codes.server.ts'
import { documentEngagement } from '../../documents/document-engagement.server.ts'
import type { DocumentSummary } from '../../documents/document-store.server.ts'
import { documentRefusal } from '../../documents/refusal.server.ts'
import { fileTooLarge, MAX_TITLE_LENGTH } from '../../documents/validate.server.ts'
import { HttpError } from '../../http/errors.server.ts'
import { sessionOf } from '../console-context.server.ts'
import { ENGAGEMENT_FIGURES, engagementCsv } from '../engagement-csv.server.ts'
import { csrfMatches } from '../http/csrf.server.ts'
import { stateOf } from '../http/form-return.server.ts'
import { sendConsolePage } from '../http/render.server.tsx'
import { receiveUpload, registerUploads, type Upload } from '../http/upload.server.ts'
import { DocumentPage } from '../views/DocumentPage.tsx'
import { type DocumentsFilter, DocumentsPage } from '../views/DocumentsPage.tsx'
import { EngagementPage } from '../views/EngagementPage.tsx'
import type { FormState } from '../views/ErrorSummary.tsx'
import {
  settingsAudience,
  settingsFields,
  uploadAudience,
  uploadAudienceFields,
} from './document-audience-form.server.ts'
import { doneMessage, EDIT, READ, routeKit } from './route-kit.server.ts'

const listQuery = z
  .object({
    partner: z.string().max(32).optional(),
    removed: z.literal('1').optional(),
    done: z.enum(['removed']).optional(),
  })
  .catch({})
const csvQuery = z.object({ figures: z.enum(ENGAGEMENT_FIGURES).default('viewers') })
const uploadFields = z.object({
  retailer: z.string().max(32).default(''),
  title: z.string().max(MAX_TITLE_LENGTH, `A title has at most ${MAX_TITLE_LENGTH} characters.`).default(''),
})

const DONE = {
  added: 'Document uploaded',
  replaced: 'New version uploaded',
  removed: 'Document removed',
  settings: 'Settings saved',
} as const
const doneOf = doneMessage(DONE)
/** The forms, each kept under its name when refused: the upload on the list, two on a document's page. */
const UPLOAD = { page: '/admin/documents', form: 'upload' } as const
const documentPagePath = (id: string) => `/admin/documents/${id}`
const documentForm = (id: string, form: 'settings' | 'replace') => ({ page: documentPagePath(id), form })

/** The refusal the documents service gave, as the file field's error; anything else is a fault. */
function refusedForm(error: unknown, values: Record<string, string>): FormState {
  const refusal = documentRefusal(error, 'it is not in the list of documents.')
  if (!refusal) throw error
  return { values, errors: { file: refusal } }
}

export async function consoleDocumentRoutes(app: FastifyInstance) {
  const { deps } = app.adminConsole
  const maxBytes = deps.env.DOCUMENT_MAX_BYTES
  const store = () => app.documents.store
  const { user, actor, refuse, returned } = routeKit(app)
  const read = READ
  const edit = EDIT
  const partners = () => app.partners.list()
  /** A document's partner as served now; a removed partner's documents keep its slug for a name. */
  const partnerOf = (slug: string) => app.partners.get(slug) ?? { slug, name: slug, open: false }

  const isLive = (code: { revokedAt: Date | null; expiresAt: Date | null }, now: Date) =>
    !code.revokedAt && (!code.expiresAt || code.expiresAt.getTime() > now.getTime())

  /** The document by id, removed ones included (their versions stay for the record), or a 404. */
  async function documentOf(request: FastifyRequest): Promise<DocumentSummary> {
    const { id } = request.params as { id: string }
    const document = await store().find(id, { includeRemoved: true })
    if (!document) throw new HttpError(404, 'not_found', 'There is no such document.')
    return document
  }

  const listPage = async (
    request: FastifyRequest,
    filter: DocumentsFilter,
    extra: { form?: FormState; done?: string } = {},
  ) => (
    <DocumentsPage
      user={user(request)}
      documents={await store().list({ retailer: filter.partner, includeRemoved: filter.removed })}
      partners={partners()}
      codes={(await listCodes(deps.db.prisma)).filter((code) => isLive(code, app.adminConsole.now()))}
      filter={filter}
      maxBytes={maxBytes}
      {...extra}
    />
  )
  app.get('/documents', read, async (request, reply) => {
    const query = listQuery.parse(request.query)
    const filter = { partner: query.partner || undefined, removed: query.removed === '1' }
    const done = query.done ? DONE[query.done] : undefined
    const form = stateOf(await returned(request, UPLOAD.page), UPLOAD.form, true)
    return sendConsolePage(reply, 'Documents', await listPage(request, filter, { done, form }))
  })

  const documentPage = async (
    request: FastifyRequest,
    document: DocumentSummary,
    extra: { form?: FormState; settingsForm?: FormState; done?: string } = {},
  ) => (
    <DocumentPage
      user={user(request)}
      document={document}
      partner={partnerOf(document.retailer)}
      codes={(await listCodes(deps.db.prisma, document.retailer)).filter((code) => !code.revokedAt)}
      versions={await store().versions(document.id)}
      maxBytes={maxBytes}
      {...extra}
    />
  )
  app.get('/documents/:id', read, async (request, reply) => {
    const document = await documentOf(request)
    const refused = await returned(request, documentPagePath(document.id))
    return sendConsolePage(
      reply,
      document.title,
      await documentPage(request, document, {
        done: doneOf(request),
        form: stateOf(refused, 'replace'),
        settingsForm: stateOf(refused, 'settings', true),
      }),
    )
  })

  app.get('/documents/:id/engagement', read, async (request, reply) => {
    const document = await documentOf(request)
    const report = await documentEngagement(deps.db.prisma, document, app.adminConsole.now())
    return sendConsolePage(
      reply,
      `Engagement: ${document.title}`,
      <EngagementPage
        user={user(request)}
        document={document}
        partnerName={app.partners.nameOf(document.retailer)}
        report={report}
      />,
    )
  })
  app.get('/documents/:id/engagement.csv', read, async (request, reply) => {
    const document = await documentOf(request)
    const query = csvQuery.safeParse(request.query)
    if (!query.success) throw new HttpError(400, 'invalid_query', 'Ask for openings, pages or viewers.')
    const report = await documentEngagement(deps.db.prisma, document, app.adminConsole.now())
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="document-${document.id.slice(0, 8)}-${query.data.figures}.csv"`,
      )
      .send(engagementCsv(report, query.data.figures))
  })

  app.post('/documents/:id/settings', edit, async (request, reply) => {
    const document = await documentOf(request)
    const fields = settingsFields.safeParse(request.body ?? {})
    const refused = (message: string) =>
      refuse(reply, documentForm(document.id, 'settings'), { values: {}, errors: { codes: message } })
    if (!fields.success) return refused(fields.error.issues[0]?.message ?? 'The form could not be read.')
    try {
      await store().setAudience(
        document.id,
        settingsAudience(fields.data),
        actor(request),
        app.adminConsole.now(),
      )
    } catch (error) {
      const refusal = documentRefusal(error, 'it is not in the list of documents.')
      if (!refusal) throw error
      return refused(refusal)
    }
    return reply.redirect(`/admin/documents/${document.id}?done=settings`, 303)
  })

  app.post('/documents/:id/remove', edit, async (request, reply) => {
    const document = await documentOf(request)
    await store().remove(document.id, app.adminConsole.now(), actor(request))
    return reply.redirect(`/admin/documents/${document.id}?done=removed`, 303)
  })

  // Uploads: the only routes taking multipart, in a scope of their own.
  await app.register(async (uploads) => {
    await registerUploads(uploads, maxBytes)
    const multipart = { config: { permission: 'edit' as const, acceptsMultipart: true } }
    const receive = (request: FastifyRequest) =>
      receiveUpload(request, (token) =>
        csrfMatches(app.adminConsole.csrfKey, sessionOf(request).tokenHash, token),
      )
    /** The uploaded file's bytes, or the service's refusal of its size. */
    const bytesOf = async (upload: Upload & { file: NonNullable<Upload['file']> }) => {
      if (upload.file.truncated) throw fileTooLarge(upload.file.fileName, maxBytes)
      return readFile(upload.file.path)
    }

    /**
     * The upload read, the work done on it, and its temporary file gone before the answer is
     * sent: either where to go next, or the form again with what was refused.
     */
    type Outcome = { redirect: string } | { form: FormState }
    const withUpload = async (request: FastifyRequest, work: (upload: Upload) => Promise<Outcome>) => {
      const upload = await receive(request)
      try {
        return await work(upload)
      } finally {
        await upload.dispose()
      }
    }

    uploads.post('/documents', multipart, async (request, reply) => {
      const outcome = await withUpload(request, async (upload) => {
        const parsed = uploadFields.safeParse(upload.fields)
        const audienceFields = uploadAudienceFields.safeParse(upload.fields)
        const { codes: ticked = [], ...audienceValues } = audienceFields.success ? audienceFields.data : {}
        const values = {
          ...(parsed.success ? parsed.data : { retailer: '', title: '' }),
          ...audienceValues,
          codes: ticked.join(','),
        }
        const errors: Record<string, string> = {}
        if (!parsed.success) errors.title = parsed.error.issues[0]?.message ?? 'The form could not be read.'
        if (!audienceFields.success) errors.public = 'The audience fields could not be read.'
        const partner = partners().find((candidate) => candidate.slug === values.retailer)
        if (!partner) errors.retailer = 'Choose the partner whose viewers see the document.'
        const audience =
          partner && audienceFields.success ? uploadAudience(audienceFields.data, partner) : undefined
        if (audience && 'error' in audience) errors[audience.field] = audience.error
        if (!upload.file) errors.file = 'Choose a PDF or Markdown file to upload.'
        if (Object.keys(errors).length > 0 || !upload.file || !audience || 'error' in audience)
          return { form: { values, errors } }
        const file = upload.file
        try {
          const added = await store().add(
            {
              retailer: values.retailer,
              bytes: await bytesOf({ ...upload, file }),
              fileName: file.fileName,
              title: values.title.trim() || undefined,
              audience: audience.request,
            },
            actor(request),
          )
          return { redirect: `/admin/documents/${added.id}?done=added` }
        } catch (error) {
          return { form: refusedForm(error, values) }
        }
      })
      if ('redirect' in outcome) return reply.redirect(outcome.redirect, 303)
      return refuse(reply, UPLOAD, outcome.form)
    })

    uploads.post('/documents/:id/replace', multipart, async (request, reply) => {
      // A read only (the admin's session and role are checked already): the token is checked next.
      const document = await documentOf(request)
      const outcome = await withUpload(request, async (upload) => {
        if (!upload.file)
          return { form: { values: {}, errors: { file: 'Choose the file of the new version.' } } }
        const file = upload.file
        try {
          await store().replace(
            document.id,
            await bytesOf({ ...upload, file }),
            file.fileName,
            // The audience and download settings stay as they are (the settings form changes them).
            {},
            actor(request),
          )
          return { redirect: `/admin/documents/${document.id}?done=replaced` }
        } catch (error) {
          return { form: refusedForm(error, {}) }
        }
      })
      if ('redirect' in outcome) return reply.redirect(outcome.redirect, 303)
      return refuse(reply, documentForm(document.id, 'replace'), outcome.form)
    })
  })
}
