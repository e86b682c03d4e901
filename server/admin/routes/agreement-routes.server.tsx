// /admin/agreements: the versions and acceptances `rm5 agreements list` prints, and the changes
// `rm5 agreements set|clear` make, through the same service (server/documents/agreements.server.ts)
// with the console's admin as the actor. Setting takes a Markdown file, as the CLI does, checked by
// the CLI's own check; a text that differs from the one in force becomes the next version (a
// replacement), the same text changes nothing. Every post answers 303 to the page saying so.
import { readFile } from 'node:fs/promises'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { MAX_AGREEMENT_BYTES } from '../../../lib/documents/agreement-size.ts'
import { agreementVersions, partnersWithAgreements } from '../../documents/agreement-listing.server.ts'
import {
  AgreementRejected,
  checkAgreementText,
  clearAgreement,
  setAgreement,
} from '../../documents/agreements.server.ts'
import { sessionOf } from '../console-context.server.ts'
import { csrfMatches } from '../http/csrf.server.ts'
import { stateOf } from '../http/form-return.server.ts'
import { sendConsolePage } from '../http/render.server.tsx'
import { receiveUpload, registerUploads } from '../http/upload.server.ts'
import { AgreementsPage } from '../views/AgreementsPage.tsx'
import { EDIT, READ, routeKit } from './route-kit.server.ts'

const DONE = {
  set: (version: number) => `Version ${version} set: every viewer accepts it before their next document`,
  same: (version: number) => `Already this text (version ${version}): nothing changed`,
  cleared: (version: number) => `Version ${version} cleared: viewers open documents without an agreement`,
  none: () => 'No agreement was in force: nothing to clear',
}
const query = z
  .object({
    retailer: z.string().max(64).optional(),
    done: z.enum(['set', 'same', 'cleared', 'none']).optional(),
    version: z.coerce.number().int().min(0).max(1_000_000).optional(),
  })
  .catch({})
const retailerField = z.object({ retailer: z.string().max(64) })
/** The set form, kept under its name when refused. */
const SET = { page: '/admin/agreements', form: 'set' } as const

export async function agreementRoutes(app: FastifyInstance) {
  const prisma = app.adminConsole.deps.db.prisma
  const { user, actor, refuse, returned } = routeKit(app)
  const servedGate = (slug: string | undefined) =>
    app.partners.list().find((partner) => partner.slug === slug)
  const done = (what: keyof typeof DONE, retailer: string, version = 0) =>
    `/admin/agreements?${new URLSearchParams({ retailer, done: what, version: String(version) })}`

  const page = async (request: FastifyRequest) => {
    const parsed = query.parse(request.query)
    const retailer = parsed.retailer || undefined
    const [versions, all] = await Promise.all([
      agreementVersions(prisma, retailer),
      retailer ? partnersWithAgreements(prisma) : undefined,
    ])
    const slugs = all ?? [...new Set(versions.map((row) => row.retailer))].sort()
    return (
      <AgreementsPage
        user={user(request)}
        versions={versions}
        retailer={retailer}
        gates={slugs.map((slug) => ({ slug, name: app.partners.nameOf(slug) }))}
        partners={app.partners.list()}
        names={(slug) => app.partners.nameOf(slug)}
        done={parsed.done ? DONE[parsed.done](parsed.version ?? 0) : undefined}
        form={stateOf(await returned(request, SET.page), SET.form, true)}
        chosen={retailer}
      />
    )
  }

  app.get('/agreements', READ, async (request, reply) =>
    sendConsolePage(reply, 'Agreements', await page(request)),
  )

  app.post('/agreements/clear', EDIT, async (request, reply) => {
    const parsed = retailerField.safeParse(request.body ?? {})
    const gate = parsed.success ? parsed.data.retailer : ''
    const cleared = await clearAgreement(prisma, actor(request), gate, app.adminConsole.now())
    return reply.redirect(done(cleared ? 'cleared' : 'none', gate, cleared?.version), 303)
  })

  // Setting: the only multipart route here, in a scope of its own. One byte over the limit is
  // read, so an oversized file gets the service's own sentence.
  await app.register(async (uploads) => {
    await registerUploads(uploads, MAX_AGREEMENT_BYTES + 1)
    const multipart = { config: { permission: 'edit' as const, acceptsMultipart: true } }
    uploads.post('/agreements', multipart, async (request, reply) => {
      const upload = await receiveUpload(request, (token) =>
        csrfMatches(app.adminConsole.csrfKey, sessionOf(request).tokenHash, token),
      )
      const retailer = typeof upload.fields.retailer === 'string' ? upload.fields.retailer : ''
      let refusal: string
      try {
        if (!servedGate(retailer)) refusal = 'Choose the gate whose viewers accept it.'
        else if (!upload.file) refusal = 'Choose the agreement as a Markdown file (.md).'
        else {
          const text = checkAgreementText(await readFile(upload.file.path), upload.file.fileName)
          const { agreement, created } = await setAgreement(prisma, actor(request), retailer, text)
          return reply.redirect(done(created ? 'set' : 'same', retailer, agreement.version), 303)
        }
      } catch (error) {
        if (!(error instanceof AgreementRejected)) throw error
        refusal = error.message
      } finally {
        await upload.dispose()
      }
      return refuse(reply, SET, {
        values: { retailer: retailer.slice(0, 64) },
        errors: { file: refusal },
      })
    })
  })
}
