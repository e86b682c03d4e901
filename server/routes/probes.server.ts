// Probes for orchestrators and proxies. /livez: the process answers (restart it when it does
// not). /readyz: the replica can serve, so send it traffic: the database answers and its schema
// has every migration this release knows. Redis and storage are not needed to serve (the limits
// fall back to this process's memory, pages need no storage): when they fail the replica is
// degraded, said in the body, in rm5_dependency_up and in the log, and stays ready, so one blip
// does not pull every replica out of the Service. Both answers carry the release (version).
// /healthz is the readiness answer under its older name, kept for monitors set up before the
// split. While the server drains, every request, probes included, gets the drain's 503
// (server/http/draining).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Gauge } from 'prom-client'
import type { Database } from '../db/database.server.ts'
import { missingMigrations } from '../db/schema-state.server.ts'
import { withTimeout } from '../timeout.server.ts'
import { VERSION } from '../version.server.ts'

/** Thrown by a check whose dependency answers but is not what this release needs yet. */
export class BehindError extends Error {}

export interface DependencyCheck {
  name: string
  /** Needed to serve: when it fails the replica is unavailable; otherwise only degraded. */
  required: boolean
  /** Resolves when the dependency is usable; a BehindError when it answers but is behind. */
  ping(): Promise<unknown>
}

/** The database answers and has applied every migration this release carries (a newer schema is fine). */
export function databaseCheck(db: Database, localMigrations: string[]): () => Promise<void> {
  return async () => {
    await db.ping()
    const missing = missingMigrations(localMigrations, await db.appliedMigrations())
    if (missing.length) throw new BehindError(`schema behind: ${missing.length} migration(s) not applied`)
  }
}

type CheckState = 'ok' | 'down' | 'behind'

const CHECK_TIMEOUT_MS = 2000

export async function probeRoutes(app: FastifyInstance, options: { checks: DependencyCheck[] }) {
  const up = new Gauge({
    name: 'rm5_dependency_up',
    help: 'Whether a dependency answered at the last readiness check (1) or not (0)',
    labelNames: ['dependency', 'required'],
    registers: [app.metrics.registry],
  })

  app.get('/livez', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return { status: 'ok' }
  })

  const readiness = async (request: FastifyRequest, reply: FastifyReply) => {
    const results = await Promise.all(
      options.checks.map(async (check): Promise<[DependencyCheck, CheckState]> => {
        try {
          await withTimeout(check.ping(), CHECK_TIMEOUT_MS, `${check.name} check`)
          return [check, 'ok']
        } catch (err) {
          const state = err instanceof BehindError ? 'behind' : 'down'
          request.log.warn(
            { err, dependency: check.name, state },
            check.required ? 'readiness check failed' : 'dependency unavailable: serving degraded',
          )
          return [check, state]
        }
      }),
    )
    for (const [check, state] of results)
      up.set({ dependency: check.name, required: String(check.required) }, state === 'ok' ? 1 : 0)
    const failing = (required: boolean) =>
      results.filter(([check, state]) => check.required === required && state !== 'ok').map(([c]) => c.name)
    const down = failing(true)
    const degraded = failing(false)
    const status = down.length ? 'unavailable' : degraded.length ? 'degraded' : 'ok'
    reply.header('cache-control', 'no-store')
    return reply.code(down.length ? 503 : 200).send({
      status,
      // Which release answers: during a rolling update old and new replicas serve side by side.
      version: VERSION,
      checks: Object.fromEntries(results.map(([check, state]) => [check.name, state])),
      ...(down.length ? { down, message: `Unavailable: ${down.join(', ')}` } : {}),
      ...(degraded.length ? { degraded } : {}),
    })
  }
  app.get('/readyz', readiness)
  app.get('/healthz', readiness)
}
