// SIGTERM while the site is still starting (migrations done, demo media being added in the
// prepare child): a container stopped during its first start must exit 0 at once, with the
// child stopped and the embedded database closed cleanly, not be killed at the end of the
// grace period.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { startEmbeddedPostgres } from '../../server/db/embedded.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { startSite } from '../helpers/start-process.ts'

let dataDir: string
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

it('exits 0 within 10 s of SIGTERM during start-up, stopping the preparation', async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rm5-startup-signal-'))
  // Empty buckets and DEMO_MEDIA=auto: after the migrations, the prepare child adds demo media.
  const site = await startSite(dataDir, { DEMO_MEDIA: 'auto' }, 'bundle', 'applied migrations')
  site.process.kill('SIGTERM')
  // compose gives a stopping container 20 s (stop_grace_period) before it kills it.
  let timer: NodeJS.Timeout | undefined
  const code = await Promise.race([
    site.exited,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`still running 10 s after SIGTERM:\n${site.output()}`)),
        10_000,
      )
    }),
  ]).finally(() => clearTimeout(timer))
  expect(code).toBe(0)
  expect(site.output()).toContain('stop requested during start-up')
  expect(site.output()).not.toContain('RM5 site ready')
  // The embedded Postgres was stopped cleanly: the data directory opens again.
  const reopened = await startEmbeddedPostgres(dataDir, silentLogger)
  await reopened.close()
}, 120_000)
