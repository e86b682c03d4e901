// /admin/partners: list, add, edit the theme (with a picture of the gate), remove with a confirm
// step. Every change calls the partners service `rm5 partners` calls (server/partners/partner-store), with
// the console's admin as the actor; the forms are validated by that service's schema. A logo is an
// upload of its own (multipart, the CSRF token first), stored by `setPartnerLogo`, the function
// `rm5 partners set --logo` calls, which checks the image by the rule `add --logo` checks it by
// (`partnerLogo`). Every post answers 303: a refused form, and a preview drawn without saving,
// come back through the page's address (http/form-return.server.ts).
import { readFile } from 'node:fs/promises'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { renderToStaticMarkup } from 'react-dom/server'
import { z } from 'zod'
import { LOGO_MAX_BYTES } from '../../../lib/partners.ts'
import { HttpError } from '../../http/errors.server.ts'
import {
  addPartner,
  findPartner,
  listPartners,
  PartnerRejected,
  type PartnerRow,
  PartnerStillHolds,
  PrivateDocumentsOnOpenGate,
  partnerHoldings,
  removePartner,
  setPartner,
  setPartnerLogo,
} from '../../partners/partner-store.server.ts'
import { sessionOf } from '../console-context.server.ts'
import { csrfMatches } from '../http/csrf.server.ts'
import { stateOf } from '../http/form-return.server.ts'
import { sendConsolePage } from '../http/render.server.tsx'
import { receiveUpload, registerUploads } from '../http/upload.server.ts'
import type { FormState } from '../views/ErrorSummary.tsx'
import { GatePreview } from '../views/GatePreview.tsx'
import { formValues, PartnerPage } from '../views/PartnerPage.tsx'
import { PartnerRemovePage } from '../views/PartnerRemovePage.tsx'
import { PartnersPage } from '../views/PartnersPage.tsx'
import { partnerForm, previewValues } from './partner-form.server.ts'
import { doneMessage, EDIT, READ, routeKit } from './route-kit.server.ts'

const DONE = {
  added: 'Partner added',
  saved: 'Changes saved',
  removed: 'Partner removed',
  // A second Remove (a double click, another admin, the CLI) finds the partner gone already.
  'was-removed': 'That partner had been removed already',
  logo: 'Logo saved',
} as const
const doneOf = doneMessage(DONE)
const slugParams = z.object({ slug: z.string().max(64) })
const removeForm = z.object({ confirm: z.literal('yes').optional(), force: z.literal('yes').optional() })
/** The forms, each kept under its name when refused (or, the theme, previewed). */
const ADD = { page: '/admin/partners', form: 'add' } as const
const pageOf = (slug: string) => `/admin/partners/${slug}`
const removePageOf = (slug: string) => `/admin/partners/${slug}/remove`
const partnerForms = (slug: string) => ({
  theme: { page: pageOf(slug), form: 'theme' },
  logo: { page: pageOf(slug), form: 'logo' },
  remove: { page: removePageOf(slug), form: 'remove' },
})

export async function partnerRoutes(app: FastifyInstance) {
  const prisma = app.adminConsole.deps.db.prisma
  const now = () => app.adminConsole.now()
  const read = READ
  const edit = EDIT
  const { user, actor, refuse, returned } = routeKit(app)
  /** The slug the URL names and its partner (null when there is none), or undefined for no slug. */
  const findNamed = async (request: FastifyRequest) => {
    const params = slugParams.safeParse(request.params)
    return params.success
      ? { slug: params.data.slug, partner: await findPartner(prisma, params.data.slug) }
      : undefined
  }
  /** The partner the URL names, or the console's 404. */
  const partnerOf = async (request: FastifyRequest): Promise<PartnerRow> => {
    const named = await findNamed(request)
    if (named?.partner) return named.partner
    const message = named ? `There is no partner "${named.slug}".` : 'There is no such partner.'
    throw new HttpError(404, 'not_found', message)
  }
  // This server's gates follow at once (the others within PARTNERS_REFRESH_MS).
  const changed = () => app.partners.refresh()
  const listPage = async (request: FastifyRequest, extra: { form?: FormState; done?: string } = {}) => (
    <PartnersPage user={user(request)} rows={await listPartners(prisma)} {...extra} />
  )

  app.get('/partners', read, async (request, reply) => {
    const form = stateOf(await returned(request, ADD.page), ADD.form, true)
    return sendConsolePage(reply, 'Partners', await listPage(request, { done: doneOf(request), form }))
  })

  app.post('/partners', edit, async (request, reply) => {
    const form = partnerForm(request.body, { withSlug: true })
    if (!form.ok) return refuse(reply, ADD, form.state)
    try {
      await addPartner(prisma, actor(request), form.slug, form.value, now())
    } catch (error) {
      if (!(error instanceof PartnerRejected)) throw error
      return refuse(reply, ADD, { values: form.state.values, errors: { slug: error.message } })
    }
    await changed()
    return reply.redirect(`/admin/partners/${form.slug}?done=added`, 303)
  })

  // Declared before /partners/:slug: a static segment, never a slug (`preview.svg` is not one).
  app.get('/partners/preview.svg', read, async (request, reply) =>
    reply
      .type('image/svg+xml; charset=utf-8')
      .send(renderToStaticMarkup(<GatePreview values={previewValues(request.query)} />)),
  )

  // The theme form as typed (refused or previewed) with the picture drawn from it, else the saved
  // theme; answers no longer kept come without values, so the form keeps the saved theme, saying so.
  app.get('/partners/:slug', read, async (request, reply) => {
    const partner = await partnerOf(request)
    const forms = partnerForms(partner.slug)
    const refused = await returned(request, forms.theme.page)
    const theme = stateOf(refused, forms.theme.form, true)
    const typed = theme && Object.keys(theme.values).length > 0 ? theme.values : undefined
    return sendConsolePage(
      reply,
      partner.name,
      <PartnerPage
        user={user(request)}
        partner={partner}
        form={theme && { ...theme, values: typed ?? formValues(partner) }}
        preview={typed ? previewValues(typed) : partner}
        logoError={stateOf(refused, forms.logo.form)?.errors.file}
        done={doneOf(request)}
      />,
    )
  })

  // Draws the form's values without saving them (the preview without JavaScript).
  app.post('/partners/:slug/preview', edit, async (request, reply) => {
    const partner = await partnerOf(request)
    const form = partnerForm(request.body, { withSlug: false })
    return refuse(reply, partnerForms(partner.slug).theme, form.state)
  })

  app.post('/partners/:slug', edit, async (request, reply) => {
    const partner = await partnerOf(request)
    const theme = partnerForms(partner.slug).theme
    const form = partnerForm(request.body, { withSlug: false })
    if (!form.ok) return refuse(reply, theme, form.state)
    try {
      const options = { publishPrivate: form.publishPrivate }
      await setPartner(prisma, actor(request), partner.slug, form.value, now(), options)
    } catch (error) {
      if (!(error instanceof PrivateDocumentsOnOpenGate)) throw error
      // The second step: the same form, the documents named, and a box to publish them.
      return refuse(reply, theme, { ...form.state, errors: { open: error.message } })
    }
    await changed()
    return reply.redirect(`/admin/partners/${partner.slug}?done=saved`, 303)
  })

  // The confirm step, naming what goes with the partner (and why a confirmed removal was refused).
  app.get('/partners/:slug/remove', edit, async (request, reply) => {
    const partner = await partnerOf(request)
    const remove = partnerForms(partner.slug).remove
    const refused = stateOf(await returned(request, remove.page), remove.form)
    return sendConsolePage(
      reply,
      `Remove ${partner.name}`,
      <PartnerRemovePage
        user={user(request)}
        partner={partner}
        holdings={await partnerHoldings(prisma, partner.slug, now())}
        error={refused?.message}
      />,
    )
  })

  // Without `confirm` (an older page's button): the confirm step. With it: removed, or refused as
  // the CLI refuses (live codes or documents without `force`).
  app.post('/partners/:slug/remove', edit, async (request, reply) => {
    const partner = (await findNamed(request))?.partner
    if (!partner) return reply.redirect('/admin/partners?done=was-removed', 303)
    const form = removeForm.safeParse(request.body)
    if (!form.success || !form.data.confirm) return reply.redirect(removePageOf(partner.slug), 303)
    try {
      await removePartner(prisma, actor(request), partner.slug, { force: form.data.force === 'yes' }, now())
    } catch (error) {
      if (!(error instanceof PartnerRejected)) throw error
      // Confirmed without force: codes or documents came after the confirm step was shown, which
      // now offers to take them along.
      const message =
        error instanceof PartnerStillHolds
          ? `${error.message} They were added after this page was shown: confirm again to revoke and hide them with the partner.`
          : error.message
      return refuse(reply, partnerForms(partner.slug).remove, { values: {}, errors: {}, message })
    }
    await changed()
    return reply.redirect('/admin/partners?done=removed', 303)
  })

  // The logo: the only multipart route here, in a scope of its own. One byte over the service's
  // limit is read, so an oversized file gets the service's own sentence.
  await app.register(async (uploads) => {
    await registerUploads(uploads, LOGO_MAX_BYTES + 1)
    const multipart = { config: { permission: 'edit' as const, acceptsMultipart: true } }
    uploads.post('/partners/:slug/logo', multipart, async (request, reply) => {
      const partner = await partnerOf(request)
      const upload = await receiveUpload(request, (token) =>
        csrfMatches(app.adminConsole.csrfKey, sessionOf(request).tokenHash, token),
      )
      let refusal: string | undefined
      try {
        if (!upload.file) refusal = 'Choose a PNG, JPEG, WebP or SVG file.'
        else {
          const bytes = await readFile(upload.file.path)
          await setPartnerLogo(
            prisma,
            actor(request),
            app.adminConsole.deps.storage,
            partner.slug,
            bytes,
            now(),
          )
        }
      } catch (error) {
        if (!(error instanceof PartnerRejected)) throw error
        refusal = error.message
      } finally {
        await upload.dispose()
      }
      if (refusal)
        return refuse(reply, partnerForms(partner.slug).logo, { values: {}, errors: { file: refusal } })
      await changed()
      return reply.redirect(`/admin/partners/${partner.slug}?done=logo`, 303)
    })
  })
}
