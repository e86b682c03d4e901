// POST /api/documents/agreement: a viewer accepts their retailer's agreement (decision 031). The
// agreement page's Accept button is a plain HTML form (303 back to the document it came from, so
// it works without JavaScript); JSON gets JSON. Cross-site posts are refused app-wide
// (server/http/csrf.server.ts). The acceptance names the viewer (code, proved e-mail and the
// session, all from the verified grant, never from the form), the version read, the time and the
// client's keyed hash; accepting twice records it once. Without an e-mail it holds for the
// accepting session only (server/documents/acceptances.server.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { DOCKET_PATH, SIGNED_OUT_QUERY } from '../../../lib/access.ts'
import { agreementUrl, safeAgreementNext } from '../../../lib/documents.ts'
import { recordAcceptance } from '../../documents/acceptances.server.ts'
import { admitToAgreement } from '../../documents/admission.server.ts'
import { currentAgreement } from '../../documents/agreements.server.ts'
import { HttpError, validationError } from '../../http/errors.server.ts'
import { answersPage, registerFormBody, requireJsonOrForm } from '../../http/form-body.server.ts'
import { partnerField, partnerSlugField } from '../../partners/partner-field.server.ts'

export const acceptanceBody = z.object({
  retailer: partnerSlugField,
  version: z.coerce.number({ error: 'Send the version you read.' }).int().positive().max(1_000_000),
  next: z.string().max(200).optional(),
})

type AcceptanceBody = z.infer<typeof acceptanceBody>

export async function agreementRoutes(app: FastifyInstance): Promise<void> {
  await registerFormBody(app, 2048)

  // The partners served now (app.partners): an unknown one is a bad request, as before.
  const body = acceptanceBody.extend({ retailer: partnerField(app.partners) })
  const parse = async (request: FastifyRequest) => {
    const result = body.safeParse(request.body ?? {})
    if (!result.success) throw validationError(result.error)
    request.body = result.data
  }

  app.post(
    '/documents/agreement',
    { onRequest: requireJsonOrForm, preValidation: parse },
    async (request, reply) => {
      const body = request.body as AcceptanceBody
      const room = app.documents
      reply.header('cache-control', 'no-store')
      const viewers = await app.access.grants.grantsFor(request.headers.cookie)
      const viewer = admitToAgreement(viewers, body.retailer)
      if (!viewer) {
        // The session ended while the agreement was open (it expired, or was signed out or
        // revoked): the page's form goes to the gate, which says the viewer is signed out.
        if (answersPage(request)) {
          return reply.code(303).header('location', `/${body.retailer}?${SIGNED_OUT_QUERY}`).send()
        }
        throw new HttpError(403, 'no_grant', 'Open the docket with your access code first.')
      }
      const next = safeAgreementNext(body.next) ?? DOCKET_PATH
      const agreement = await currentAgreement(room.prisma, body.retailer)
      // The agreement changed (or was cleared) while the viewer read it: show what is in force now.
      if (agreement?.version !== body.version) {
        if (!agreement)
          return answersPage(request)
            ? reply.code(303).header('location', next).send()
            : { accepted: false, next }
        if (answersPage(request)) return reply.code(303).header('location', agreementUrl(next)).send()
        throw new HttpError(409, 'agreement_changed', 'The agreement has changed: read the new version.')
      }
      await recordAcceptance(room.prisma, agreement.id, viewer, room.clientHash(request.ip), room.now())
      request.log.info(
        { retailer: viewer.retailer, codeId: viewer.codeId, version: agreement.version },
        'agreement accepted',
      )
      if (answersPage(request)) return reply.code(303).header('location', next).send()
      return { accepted: true, version: agreement.version, next }
    },
  )
}
