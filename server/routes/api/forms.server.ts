// The form submission endpoints: retailer applications and contact messages.
import type { FastifyInstance } from 'fastify'
import { applicationRoutes } from './applications.server.ts'
import { contactRoutes } from './contact.server.ts'

export async function formRoutes(app: FastifyInstance): Promise<void> {
  await app.register(applicationRoutes)
  await app.register(contactRoutes)
}
