// Test files that need a service or tool this machine may not have (Redis, PgBouncer,
// docker-compose, kubectl) declare it here
// instead of skipping by themselves. With CI=true a missing service fails the run: a green CI run
// has run every test. Elsewhere (`npm test` on a laptop) those tests are skipped, each file with
// its reason, and the run's last lines list them (tests/helpers/not-run-reporter.ts).
import { spawnSync } from 'node:child_process'
import { Redis } from 'ioredis'
import { describe, it } from 'vitest'

export interface Service {
  name: string
  available: boolean
  /** Why it is missing and what to do about it, for the run's last lines. */
  missing: string
}

export const inCi = () => process.env.CI === 'true' || process.env.CI === '1'

/** `describe`, when the service answers; otherwise a failure in CI and a reasoned skip elsewhere. */
export function describeWith(service: Service, title: string, body: () => void): void {
  if (service.available) {
    describe(title, body)
    return
  }
  const reason = `${service.name} ${service.missing}`
  if (inCi()) {
    describe(title, () => {
      it(`needs ${service.name}`, () => {
        throw new Error(
          `${reason}. CI=true: a required service is missing, so these tests cannot pass by skipping.`,
        )
      })
    })
    return
  }
  // Listed as skipped (their hooks never run), with one test carrying the reason for the report.
  describe.skip(title, body)
  describe(title, () => {
    it(`is not run: ${reason}`, (context) => context.skip(reason))
  })
}

/** Whether Redis answers at `url`, as a Service (connect only: half a second at most). */
export async function redisAt(url: string): Promise<Service> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0 })
  // The refusal is the answer; without a listener ioredis would also print it as unhandled.
  probe.on('error', () => {})
  const available = await probe.connect().then(
    () => true,
    () => false,
  )
  probe.disconnect()
  return { name: 'Redis', available, missing: `does not answer at ${url} (start it, or set REDIS_URL)` }
}

/** Whether `command args…` runs (exit 0), as a Service; `install` says how to get it. */
export function commandAt(command: string, args: string[], install: string): Service {
  const available = spawnSync(command, args, { stdio: 'ignore' }).status === 0
  return { name: command, available, missing: `is not installed (${install})` }
}
