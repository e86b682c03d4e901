// Probes for orchestrators and proxies. /livez: the process answers (restart it when it does
// not). /readyz: every dependency answers, so send it traffic; 503 names what is down; both
// answers carry the release (version). /healthz is
// the readiness answer under its older name, kept for monitors set up before the split. While the
// server drains, every request, probes included, gets the drain's 503 (server/http/draining).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { withTimeout } from '../timeout.server.ts'
import { VERSION } from '../version.server.ts'

export interface DependencyCheck {
  name: string
  ping(): Promise<unknown>
}

const CHECK_TIMEOUT_MS = 2000

export async function probeRoutes(app: FastifyInstance, options: { checks: DependencyCheck[] }) {
  app.get('/livez', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return { status: 'ok' }
  })

  const readiness = async (request: FastifyRequest, reply: FastifyReply) => {
    const results = await Promise.all(
      options.checks.map(async (check) => {
        try {
          await withTimeout(check.ping(), CHECK_TIMEOUT_MS, `${check.name} check`)
          return [check.name, 'ok'] as const
        } catch (err) {
          request.log.warn({ err, dependency: check.name }, 'readiness check failed')
          return [check.name, 'down'] as const
        }
      }),
    )
    const down = results.filter(([, state]) => state === 'down').map(([name]) => name)
    reply.header('cache-control', 'no-store')
    return reply.code(down.length ? 503 : 200).send({
      status: down.length ? 'unavailable' : 'ok',
      // Which release answers: during a rolling update old and new replicas serve side by side.
      version: VERSION,
      checks: Object.fromEntries(results),
      ...(down.length ? { down, message: `Unavailable: ${down.join(', ')}` } : {}),
    })
  }
  app.get('/readyz', readiness)
  app.get('/healthz', readiness)
}
