// The embedded Postgres and S3 run in a child process of the server (decisions 008 and 024). The
// server must not outlive them: when S3's or Postgres's process dies, the server exits 1, so a
// supervisor restarts both.
import { describe, expect, it } from 'vitest'
import { embeddedSites, ownerPid, postmasterPid, START_MS } from '../helpers/embedded-sites.ts'
import { alive } from '../helpers/processes.ts'

const { newSite } = embeddedSites()

describe('embedded services that die', () => {
  it(
    'take the server down with them when they die, so a supervisor restarts both',
    async () => {
      const { dir, site } = await newSite()
      process.kill(await ownerPid(dir, 's3.json'), 'SIGKILL')
      // It exits by itself; a server that kept running would hang here until the test's timeout.
      const code = await site.exited
      expect(code, site.output()).toBe(1)
      expect(site.output()).toContain('embedded services stopped unexpectedly')
    },
    START_MS,
  )

  it(
    'take the server down with them when Postgres dies',
    async () => {
      const { dir, site } = await newSite()
      const sidecar = await ownerPid(dir, 'pg.json')
      process.kill(await postmasterPid(dir), 'SIGKILL')
      // It exits by itself; a server that kept running would hang here until the test's timeout.
      const code = await site.exited
      expect(code, site.output()).toBe(1)
      expect(site.output()).toContain('embedded Postgres exited')
      expect(alive(sidecar)).toBe(false)
    },
    START_MS,
  )
})
