// The embedded Postgres and S3 run in a child process of the server (decisions 008 and 024). They
// must not outlive the server: killed abruptly, the server still leaves a database that opens
// again with its rows.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startEmbeddedPostgres } from '../../server/db/embedded.server.ts'
import {
  countApplications,
  embeddedSites,
  ownerPid,
  postmasterPid,
  START_MS,
  submit,
} from '../helpers/embedded-sites.ts'
import { until } from '../helpers/notification-receivers.ts'
import { alive } from '../helpers/processes.ts'

const { newSite, start } = embeddedSites()

describe('embedded services when the server is killed', () => {
  it(
    'stop cleanly when the server is killed outright, keeping every row',
    async () => {
      const { dir, site } = await newSite()
      for (let n = 1; n <= 5; n++) expect((await submit(site.port, n)).status).toBe(201)
      const sidecar = await ownerPid(dir, 'pg.json')
      const postgres = await postmasterPid(dir)

      site.process.kill('SIGKILL')
      // The child notices its parent is gone (IPC channel closed), stops Postgres and exits.
      await until('the embedded services exit', () => !alive(sidecar), START_MS)
      expect(alive(postgres)).toBe(false)
      await expect(readFile(join(dir, 'pg.json'))).rejects.toMatchObject({ code: 'ENOENT' })

      const again = await start(dir)
      const attached = await startEmbeddedPostgres(dir)
      expect(attached.owner).toBe(false)
      expect(await countApplications(attached.url)).toBe(5)
      expect((await submit(again.port, 6)).status).toBe(201)
    },
    2 * START_MS,
  )
})
