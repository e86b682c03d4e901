// Issue 34's hostile files end to end. `rm5 documents add` (real Postgres, the embedded S3; run in
// this process, rm5-here.ts, with the document work in its own workers as always) refuses each with
// exit 1 and one line saying why, and the real CLI process stores a PDF without its active content. Files stored before these
// checks existed (put here past them, as an older release accepted them) are viewed through the
// real app over the production build: the view fails alone (a designed 503 page) or serves, while
// /readyz keeps answering (probes answered one after another while the view is still pending: a
// request thread busy with the file would answer none of them before the view), and the server
// goes on serving afterwards.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DocumentStore, type DocumentSummary } from '../../server/documents/document-store.server.ts'
import type { PreparedDocument } from '../../server/documents/validate.server.ts'
import { grantCookie, limitPrefix, seedCode, verify } from '../helpers/access.ts'
import { testDatabaseForTests } from '../helpers/database.ts'
import {
  activeContentPdf,
  markdownBomb,
  noMediaBoxPdf,
  sharedPageTreePdf,
} from '../helpers/hostile-documents.ts'
import { createProductionTestApp, type ProductionTestApp } from '../helpers/production-app.ts'
import { rm5Here } from '../helpers/rm5-here.ts'
import { runRm5 } from '../helpers/run-cli.ts'

describe('rm5 documents add', () => {
  const testDb = testDatabaseForTests()

  const add = async (name: string, bytes: Buffer, run: typeof runRm5 = rm5Here) => {
    const file = join(testDb.env.DATA_DIR, name)
    await writeFile(file, bytes)
    return run(['documents', 'add', 'circlek', file], { ...testDb.env, NODE_ENV: 'test', S3_ENDPOINT: '' })
  }

  it.each([
    ['tree-90000.pdf', () => sharedPageTreePdf(300), /malformed page tree/],
    ['tree-10000.pdf', () => sharedPageTreePdf(100), /malformed page tree/],
    ['scan.pdf', noMediaBoxPdf, /page 1 has no size \(MediaBox\)/],
    ['bomb.md', () => markdownBomb(), /limit/],
    ['favicon.svg', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), /not accepted/],
  ])(
    'refuses %s with exit 1 and one line',
    async (name, bytes, reason) => {
      const run = await add(name, bytes())
      expect(run.code, run.stdout).toBe(1)
      expect(run.stderr.trim().split('\n')).toHaveLength(1)
      expect(run.stderr).toMatch(reason)
      expect(run.stdout).toBe('')
    },
    120_000,
  )

  it('stores the OpenAction PDF without its active content', async () => {
    const run = await add('offer.pdf', activeContentPdf(), runRm5)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('Added a document')
  }, 120_000)
})

describe('viewing a hostile file stored before the checks', () => {
  let t: ProductionTestApp
  let origin: string
  let cookie: string
  const stored: Record<string, DocumentSummary> = {}

  beforeAll(async () => {
    // A shorter time limit than the default (DOCUMENT_JOB_SECONDS): the files run into it either way.
    t = await createProductionTestApp({
      access: { rateLimitPrefix: limitPrefix() },
      env: { DOCUMENT_JOB_SECONDS: '4' },
    })
    await seedCode(t.db, 'circlek', 'circle-k-hostile-01')
    cookie = grantCookie(await verify(t.app, { retailer: 'circlek', accessCode: 'circle-k-hostile-01' }))
    // An older release's inspection: a kind and a hash, nothing more.
    const unchecked = (kind: 'pdf' | 'markdown') => ({
      async inspect(bytes: Uint8Array): Promise<PreparedDocument> {
        const { createHash } = await import('node:crypto')
        const sha256 = createHash('sha256').update(bytes).digest('hex')
        return { kind, size: bytes.length, sha256, pages: 1, words: 1, bytes, html: null, removed: [] }
      },
    })
    const store = (kind: 'pdf' | 'markdown') =>
      new DocumentStore(t.db.prisma, t.storage, {
        maxBytes: 25 * 1024 * 1024,
        region: 'us-east-1',
        jobs: unchecked(kind) as unknown as NonNullable<
          ConstructorParameters<typeof DocumentStore>[2]['jobs']
        >,
      })
    const add = (kind: 'pdf' | 'markdown', fileName: string, bytes: Buffer) =>
      store(kind).add({ retailer: 'circlek', bytes, fileName })
    stored.tree = await add('pdf', 'tree.pdf', sharedPageTreePdf(300))
    stored.scan = await add('pdf', 'scan.pdf', noMediaBoxPdf())
    stored.bomb = await add('markdown', 'bomb.md', markdownBomb())
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 })
  }, 300_000)

  // Closing waits for the workers still on a hostile file: minutes on a loaded machine.
  afterAll(async () => {
    await t?.close()
  }, 300_000)

  const readyzAnswers = async () => {
    const res = await fetch(`${origin}/readyz`)
    await res.arrayBuffer()
    return res.status
  }

  it.each([['tree'], ['scan'], ['bomb']])(
    'the %s fails or serves alone; /readyz answers throughout; the server serves on',
    async (which) => {
      const doc = stored[which] as DocumentSummary
      let settled = false
      const view = fetch(`${origin}/docket/documents/${doc.id}`, { headers: { cookie } }).then(
        async (res) => {
          const body = await res.text()
          settled = true
          return { status: res.status, body }
        },
      )
      // The first probe may be answered before the work begins; the next ones only by a free thread.
      let answeredWhilePending = 0
      while (!settled) {
        expect(await readyzAnswers()).toBe(200)
        if (!settled) answeredWhilePending += 1
      }
      console.log(`${which}: /readyz answered ${answeredWhilePending} times while the view was pending`)
      expect(answeredWhilePending, '/readyz answers while the document is worked on').toBeGreaterThan(1)
      const { status, body } = await view
      expect([200, 503]).toContain(status)
      if (status === 503) {
        expect(body).toContain('This document cannot be shown right now')
        expect(body).toContain('href="/docket"')
      }
      expect(await readyzAnswers()).toBe(200)
      expect((await fetch(`${origin}/`)).status).toBe(200)
    },
    120_000,
  )
})
