// Every JSON API route plugin, registered under /api by server/app.server.ts.
import type { FastifyInstance } from 'fastify'

export async function apiRoutes(_app: FastifyInstance): Promise<void> {
  // One line per route module, e.g. `await app.register(applicationRoutes)`.
}
