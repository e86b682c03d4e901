import type { FastifyInstance } from 'fastify'
import { withTimeout } from '../timeout'

export interface HealthCheck {
  name: string
  ping(): Promise<void>
}

const CHECK_TIMEOUT_MS = 2000

/** GET /healthz: 200 when every dependency answers, 503 naming what is down otherwise. */
export async function healthRoutes(app: FastifyInstance, options: { checks: HealthCheck[] }) {
  app.get('/healthz', async (request, reply) => {
    const results = await Promise.all(
      options.checks.map(async (check) => {
        try {
          await withTimeout(check.ping(), CHECK_TIMEOUT_MS, `${check.name} check`)
          return [check.name, 'ok'] as const
        } catch (err) {
          request.log.warn({ err, dependency: check.name }, 'health check failed')
          return [check.name, 'down'] as const
        }
      }),
    )
    const down = results.filter(([, state]) => state === 'down').map(([name]) => name)
    reply.header('cache-control', 'no-store')
    return reply.code(down.length ? 503 : 200).send({
      status: down.length ? 'unavailable' : 'ok',
      checks: Object.fromEntries(results),
      ...(down.length ? { down, message: `Unavailable: ${down.join(', ')}` } : {}),
    })
  })
}
