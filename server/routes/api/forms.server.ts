// The form submission endpoints (issue 5): retailer applications and contact messages.
import type { FastifyInstance } from 'fastify'
import { applicationRoutes } from './applications.server'
import { contactRoutes } from './contact.server'

export async function formRoutes(app: FastifyInstance): Promise<void> {
  await app.register(applicationRoutes)
  await app.register(contactRoutes)
}
