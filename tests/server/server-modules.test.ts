// The JavaScript the production server loads to serve public pages, as a size with a budget
// (decision 064): every file the bundled server process has loaded once it serves `/` and
// `/technology` (our bundle's chunks and the packages' files, Node's built-ins not counted). Code a
// public page never runs (PDF and Markdown work, passkeys, OIDC, mail, a Redis client that is
// not configured) loads when it is first needed; this fails when it comes back at start, or when
// what loads grows past the budget, which holds today's figure with room for ordinary growth.
import { readFileSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fillBuckets, type StartedSite, startSite } from '../helpers/start-process.ts'

/** Files and bytes the server may load to serve public pages. */
const BUDGET = { files: 1100, kilobytes: 10_000 }

/** Packages no public page needs: loaded on first use, never at start. */
const LOADED_WHEN_NEEDED = [
  '@cantoo/pdf-lib',
  'pdfjs-dist',
  '@napi-rs/canvas',
  'sharp',
  'markdown-it',
  '@simplewebauthn/server',
  'openid-client',
  'nodemailer',
  'ioredis',
  'culori',
]

let dataDir: string
let site: StartedSite
let files: string[]
/** What the server asked of `Intl` before it served its first request. */
let intlAtStart: string[]
/** The module log's lines, of every process the server started with the preload. */
let logLines: string[]

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rm5-modules-'))
  await fillBuckets(dataDir)
  const log = join(dataDir, 'modules.log')
  const preload = pathToFileURL(join(import.meta.dirname, '../helpers/module-log.mjs')).href
  site = await startSite(dataDir, { NODE_OPTIONS: `--import=${preload}`, RM5_MODULE_LOG: log }, 'bundle')
  const mine = `${site.process.pid} `
  intlAtStart = readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith(`${mine}intl:`))
    .map((line) => line.slice(mine.length + 'intl:'.length))
  for (const path of ['/', '/technology']) {
    const response = await fetch(`http://127.0.0.1:${site.port}${path}`)
    expect(response.status).toBe(200)
    await response.arrayBuffer()
  }
  logLines = readFileSync(log, 'utf8').split('\n')
  files = filesLoadedBy(mine)
}, 300_000)

/** Every file the process whose log lines start with `prefix` ("<pid> ") loaded, once each. */
const filesLoadedBy = (prefix: string) => [
  ...new Set(
    logLines
      .filter((line) => line.startsWith(`${prefix}file:`))
      .map((line) => fileURLToPath(line.slice(prefix.length))),
  ),
]

afterAll(async () => {
  if (site && site.process.exitCode === null) {
    site.process.kill('SIGTERM')
    await site.exited
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
})

const packageOf = (file: string) => {
  const rest = file.split('/node_modules/').pop() ?? ''
  return rest
    .split('/')
    .slice(0, rest.startsWith('@') ? 2 : 1)
    .join('/')
}

describe('the JavaScript a public page loads on the server', () => {
  it('stays within its budget of files and bytes', () => {
    const kilobytes = Math.round(files.reduce((sum, file) => sum + statSync(file).size, 0) / 1024)
    console.log(`server loaded ${files.length} files, ${kilobytes} KB to serve public pages`)
    expect(files.length).toBeGreaterThan(100)
    expect(files.length).toBeLessThanOrEqual(BUDGET.files)
    expect(kilobytes).toBeLessThanOrEqual(BUDGET.kilobytes)
  })

  // A number formatted for a form's message, a collator for the 360° frames, a word segmenter for
  // documents: each would load its part of ICU's data at start, to stay for the process's life.
  it("asks nothing of Intl's locale data before it serves", () => {
    expect(intlAtStart).toEqual([])
  })

  it('does not load what only documents, the console or mail need', () => {
    const loaded = new Set(files.filter((file) => file.includes('/node_modules/')).map(packageOf))
    expect(LOADED_WHEN_NEEDED.filter((name) => loaded.has(name))).toEqual([])
  })

  // The embedded services' process gets the server's settings, already checked, instead of
  // parsing the environment again (server/embedded/sidecar-protocol.server.ts).
  it('leaves the environment schema and zod out of the embedded services process', () => {
    const entry = logLines.find((line) => line.endsWith('/dist/node/sidecar-main.mjs'))
    expect(entry, 'the embedded services ran from the bundle').toBeDefined()
    const packages = new Set(
      filesLoadedBy(`${entry?.split(' ')[0]} `)
        .filter((file) => file.includes('/node_modules/'))
        .map(packageOf),
    )
    expect(packages.has('pino')).toBe(true)
    expect(packages.has('zod')).toBe(false)
  })
})
