// `npm start` runs scripts/run/launch.mjs, which becomes the production server (decision 064): once
// the site serves, the launcher's pid runs the bundle with plain node and the production settings,
// no process of the tree runs a TypeScript loader or esbuild, and Ctrl-C (which reaches the server
// twice under npm: from the terminal and forwarded by npm) still stops it cleanly, Postgres too.
import { readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alive, commandLine, processTree } from '../helpers/processes.ts'
import { fillBuckets, type StartedSite, startSite } from '../helpers/start-process.ts'

let dataDir: string
let site: StartedSite
/** What the tree ran once the site served, read before any test runs (one of them stops it). */
let served: { argv: string[]; environ: string[]; tree: string[] }

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rm5-launcher-'))
  await fillBuckets(dataDir)
  site = await startSite(dataDir, {}, 'launcher')
  const pid = site.process.pid as number
  served = {
    argv: commandLine(pid),
    environ: readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0'),
    tree: processTree(pid).map((child) => commandLine(child).join(' ')),
  }
}, 300_000)

afterAll(async () => {
  if (site && site.process.exitCode === null) site.process.kill('SIGKILL')
  if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
})

describe('npm start’s launcher', () => {
  it('becomes the bundled server: same pid, plain node, the production heap cap and malloc setting', () => {
    expect(served.argv.slice(1)).toEqual([
      '--max-old-space-size=256',
      '--max-semi-space-size=2',
      expect.stringMatching(/dist\/node\/start\.mjs$/),
      '--no-build',
    ])
    expect(served.environ).toContain('MALLOC_MMAP_THRESHOLD_=131072')
  })

  it('leaves no TypeScript loader or esbuild process in the tree', () => {
    const lines = served.tree
    expect(lines.length).toBeGreaterThanOrEqual(3) // server, embedded services, Postgres
    expect(lines.filter((line) => /tsx|esbuild/.test(line))).toEqual([])
    const node = lines.filter((line) => line.startsWith(process.execPath))
    for (const line of node) expect(line).toMatch(/dist\/node\/[\w-]+\.mjs/)
  })

  it('stops cleanly on Ctrl-C delivered twice, and stops Postgres', async () => {
    const postmaster = Number((await readFile(join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0])
    expect(alive(postmaster)).toBe(true)
    site.process.kill('SIGINT')
    site.process.kill('SIGINT')
    expect(await site.exited).toBe(0)
    expect(site.output()).toContain('shutdown complete')
    expect(alive(postmaster)).toBe(false)
  }, 60_000)
})
