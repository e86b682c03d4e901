// The page a console post refused for the state of things lands on (refused-post.server.ts): the
// kept message, at the status it was refused with.
import type { FastifyInstance } from 'fastify'
import { sendProblemPage } from '../http/problem.server.tsx'
import { keptRefusal, REFUSED_PAGE } from '../http/refused-post.server.ts'
import { READ } from './route-kit.server.ts'

export async function refusedRoutes(app: FastifyInstance) {
  app.get(REFUSED_PAGE.slice('/admin'.length), READ, async (request, reply) => {
    const refusal = await keptRefusal(request, app.adminConsole.deps.db.prisma, app.adminConsole.now())
    return sendProblemPage(app, request, reply, refusal)
  })
}
