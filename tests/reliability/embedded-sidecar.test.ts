// The embedded Postgres and S3 run in a child process of the server (decisions 008 and 024). The
// server must not carry them: they run as built JavaScript with plain node in the server's child,
// and stop with it. The files beside this one kill one of the three and look at what is left.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { embeddedSites, ownerPid, postmasterPid, START_MS, submit } from '../helpers/embedded-sites.ts'
import { alive, commandLine, parentOf } from '../helpers/processes.ts'

const { newSite } = embeddedSites()

describe('embedded services in their own process', () => {
  it(
    'run Postgres and s3rver in a child of the server, all as built JavaScript with plain node, and stop with it',
    async () => {
      const { dir, site } = await newSite()
      const serverPid = site.process.pid ?? 0
      const pgOwner = await ownerPid(dir, 'pg.json')
      const s3Owner = await ownerPid(dir, 's3.json')
      expect(pgOwner).not.toBe(serverPid)
      expect(s3Owner).toBe(pgOwner)
      expect(parentOf(pgOwner)).toBe(serverPid)
      // A real Postgres server, started by the embedded-services process.
      expect(parentOf(await postmasterPid(dir))).toBe(pgOwner)
      // No TypeScript loader in either process.
      for (const pid of [serverPid, pgOwner]) {
        expect(commandLine(pid).join(' ')).toContain('dist/node/')
        expect(commandLine(pid).join(' ')).not.toContain('tsx')
      }
      expect((await fetch(`http://127.0.0.1:${site.port}/healthz`)).status).toBe(200)
      expect((await fetch(`http://127.0.0.1:${site.port}/`)).status).toBe(200)
      expect((await submit(site.port, 7)).status).toBe(201)
      // Native libraries only the build (rolldown) or the demo media (sharp) need never load
      // into the long-running server (memory: decisions 008 and 010).
      const maps = readFileSync(`/proc/${serverPid}/maps`, 'utf8')
      for (const library of ['rolldown', 'sharp']) expect(maps).not.toContain(library)
      site.process.kill('SIGTERM')
      expect(await site.exited).toBe(0)
      expect(site.output()).toContain('shutdown complete')
      expect(alive(pgOwner)).toBe(false)
    },
    START_MS,
  )
})
