// POST /api/contact: a contact form message, stored so it is never silently dropped (docs/architecture.md: Forms;
// the spec's form sent nothing).
import type { FastifyInstance } from 'fastify'
import { type ContactInput, contactFields, contactSchema } from '../../../lib/forms/contact-schema.ts'
import { CONTACT_PATH, CONTACT_SENT_PATH } from '../../../lib/routes.ts'
import { submissionRoute } from '../../forms/submission-route.server.ts'

function rowData(input: ContactInput) {
  return { name: input.name, email: input.email, company: input.company ?? null, message: input.message }
}

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  await submissionRoute(app, {
    url: '/contact',
    rateLimit: 'contact',
    name: 'contact message',
    page: { path: CONTACT_PATH, confirmation: CONTACT_SENT_PATH, fields: contactFields },
    schema: contactSchema,
    rowData,
    table: (db) => db.contactMessage,
    event: (messageId) => ({ event: 'contact.created', messageId }),
  })
}
