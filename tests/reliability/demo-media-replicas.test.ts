// Two replicas starting together with DEMO_MEDIA=auto on one Postgres and one storage: the real
// preparation (scripts/run/prepare.ts, as `npm start` and the image run it) in two processes at once.
// The advisory lock lets one fill the empty buckets; the other then finds them full. The same
// holds for the demo document of the data room (decision 031).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { defaultDemoDir, readDemoManifest } from '../../scripts/cli/media/demo-set.ts'
import { parseEnv } from '../../server/env.server.ts'
import { type EmbeddedS3, startEmbeddedS3 } from '../../server/storage/embedded.server.ts'
import { openStorage } from '../../server/storage/storage.server.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { quietStorageLog } from '../helpers/quiet-log.ts'
import { runNode } from '../helpers/run-cli.ts'

let db: TestDatabase
let s3: EmbeddedS3
let dir: string

beforeAll(async () => {
  db = await createTestDatabase()
  dir = await mkdtemp(join(tmpdir(), 'rm5-replicas-'))
  s3 = await startEmbeddedS3(dir, quietStorageLog)
})
afterAll(async () => {
  await s3?.close()
  await db?.drop()
  if (dir) await rm(dir, { recursive: true, force: true })
})

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(sql)).rows
  } finally {
    await client.end()
  }
}

async function prepare(): Promise<{ code: number | null; output: string }> {
  const run = await runNode(['--import', 'tsx', 'scripts/run/prepare.ts'], {
    NODE_ENV: 'production',
    COOKIE_SECRET: 'x'.repeat(40),
    DATABASE_URL: db.url,
    DATA_DIR: join(dir, 'unused'),
    S3_ENDPOINT: `http://127.0.0.1:${s3.port}`,
    S3_ACCESS_KEY: s3.credentials.accessKey,
    S3_SECRET_KEY: s3.credentials.secretKey,
    DEMO_MEDIA: 'auto',
    LOG_LEVEL: 'info',
  })
  return { code: run.code, output: run.stdout + run.stderr }
}

it('fills the buckets once when two replicas prepare at the same moment', async () => {
  const [a, b] = await Promise.all([prepare(), prepare()])
  expect(a.code, a.output).toBe(0)
  expect(b.code, b.output).toBe(0)
  const fills = [a, b].filter((run) => run.output.includes('adding demo media to empty buckets'))
  expect(fills).toHaveLength(1)
  expect(fills[0]?.output).toContain('demo media ready')
  // Every demo file is stored, once.
  const manifest = await readDemoManifest(defaultDemoDir())
  const storage = await openStorage(
    parseEnv({
      S3_ENDPOINT: `http://127.0.0.1:${s3.port}`,
      S3_ACCESS_KEY: s3.credentials.accessKey,
      S3_SECRET_KEY: s3.credentials.secretKey,
    }),
    quietStorageLog,
  )
  try {
    let stored = 0
    for (const bucket of ['360', 'heros', 'video'])
      for await (const _ of storage.client.listObjectsV2(bucket, '', true)) stored += 1
    expect(stored).toBe(manifest.files.length)
    // One demo document, one stored file.
    const documents = await query(db.url, 'SELECT retailer, title, kind FROM documents')
    expect(documents).toEqual([{ retailer: 'circlek', title: 'Rollout Plan', kind: 'markdown' }])
    expect([a, b].filter((run) => run.output.includes('added the demo document'))).toHaveLength(1)
    expect(await storage.client.listObjectsV2('documents', '', true).toArray()).toHaveLength(1)
  } finally {
    await storage.close()
  }
}, 120_000)
