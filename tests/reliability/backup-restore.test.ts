// The backup of docs/backup-and-restore.md, run for real: pg_dump + `rm5 media backup`, then a
// wipe (database dropped and created again, every object deleted), then pg_restore +
// `rm5 media restore`: the same applications, codes (one still verifies) and media come back.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import argon2 from 'argon2'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/database.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { parseEnv } from '../../server/env.server.ts'
import { type EmbeddedS3, startEmbeddedS3 } from '../../server/storage/embedded.server.ts'
import { openStorage, type Storage } from '../../server/storage/storage.server.ts'
import { type PasswordPostgres, startPasswordPostgres } from '../helpers/password-postgres.ts'
import { quietStorageLog } from '../helpers/quiet-log.ts'
import { outputOf, rm5Entry, runRm5 } from '../helpers/run-cli.ts'

let server: PasswordPostgres
let db: { url: string }
const PASSWORD = 'backup/#@:secret'
const run = promisify(execFile)
const pgEnv = () => ({ ...process.env, PGPASSWORD: PASSWORD })
let s3: EmbeddedS3
let storage: Storage
let dir: string
const CODE = 'Backup-Restore-Code-2026'

const s3Env = () => ({
  S3_ENDPOINT: `http://127.0.0.1:${s3.port}`,
  S3_ACCESS_KEY: s3.credentials.accessKey,
  S3_SECRET_KEY: s3.credentials.secretKey,
})

// Asynchronous: the S3 stand-in runs in this process and must keep answering meanwhile.
async function rm5(...args: string[]): Promise<string> {
  const run = await runRm5(args, { ...s3Env(), DATABASE_URL: db.url, DATA_DIR: join(dir, 'unused') })
  return outputOf(run, `rm5 ${args.join(' ')}`)
}

async function snapshot() {
  const database = await openDatabase({ DATABASE_URL: db.url, DATA_DIR: dir }, silentLogger)
  try {
    const applications = await database.prisma.retailerApplication.findMany({
      orderBy: { companyName: 'asc' },
    })
    const codes = await database.prisma.accessCode.findMany({ orderBy: { createdAt: 'asc' } })
    return { applications, codes }
  } finally {
    await database.close()
  }
}

async function objects(): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const bucket of ['360', 'heros', 'video']) {
    for await (const item of storage.client.listObjectsV2(bucket, '', true)) {
      if (!item.name) continue
      const body = Buffer.concat(await (await storage.client.getObject(bucket, item.name)).toArray())
      out[`${bucket}/${item.name}`] = body.toString('base64')
    }
  }
  return out
}

beforeAll(async () => {
  // Its own Postgres (the machine's binaries): pg_dump and pg_restore as an operator runs them.
  server = await startPasswordPostgres(PASSWORD)
  server.psql('CREATE DATABASE rm5')
  db = { url: `postgres://postgres:${encodeURIComponent(PASSWORD)}@127.0.0.1:${server.port}/rm5` }
  await run(process.execPath, [rm5Entry(), 'db', 'migrate'], {
    env: { ...process.env, DATABASE_URL: db.url, NODE_ENV: 'test' },
  })
  dir = await mkdtemp(join(tmpdir(), 'rm5-backup-'))
  s3 = await startEmbeddedS3(join(dir, 's3'), quietStorageLog)
  storage = await openStorage(parseEnv(s3Env()), quietStorageLog)
  await storage.ensureBuckets()
  await storage.client.putObject('360', 'rm5_1.jpg', Buffer.from('frame one'))
  await storage.client.putObject('heros', 'home.jpg', Buffer.from('a hero'))
  await storage.client.putObject('video', 'rm5-demo/seg 1.ts', Buffer.from([0, 1, 2, 255]))
  const database = await openDatabase({ DATABASE_URL: db.url, DATA_DIR: dir }, silentLogger)
  try {
    for (const n of [1, 2]) {
      await database.prisma.retailerApplication.create({
        data: {
          companyName: `Backup Market ${n}`,
          businessType: 'Grocery Store',
          numberOfLocations: n,
          contactName: 'Casey',
          email: `casey${n}@example.com`,
          phone: '+15125550142',
          averageOrderValue: '42.50',
        },
      })
    }
  } finally {
    await database.close()
  }
  await rm5('codes', 'set', 'circlek', '--code', CODE, '--label', 'backup test')
}, 60_000)

afterAll(async () => {
  await storage?.close()
  await s3?.close()
  server?.stop()
  if (dir) await rm(dir, { recursive: true, force: true })
})

it('backs up, wipes, restores and finds the same applications, codes and media', async () => {
  const before = { ...(await snapshot()), media: await objects() }
  expect(before.applications).toHaveLength(2)
  expect(before.codes).toHaveLength(1)

  const dump = join(dir, 'rm5.dump')
  const target = ['-h', '127.0.0.1', '-p', String(server.port), '-U', 'postgres']
  await run('pg_dump', [...target, '--format=custom', `--file=${dump}`, 'rm5'], { env: pgEnv() })
  expect(await rm5('media', 'backup', join(dir, 'media'))).toMatch(/^Backed up 3 objects/)
  expect(await readFile(join(dir, 'media', 'video', 'rm5-demo', 'seg 1.ts'))).toEqual(
    Buffer.from([0, 1, 2, 255]),
  )

  // The wipe: an empty database of the same name, empty buckets.
  server.psql('DROP DATABASE rm5 WITH (FORCE)')
  server.psql('CREATE DATABASE rm5')
  for (const key of Object.keys(before.media)) {
    const [bucket, ...rest] = key.split('/')
    await rm5('media', 'delete', bucket === 'heros' ? 'Heros' : (bucket as string), rest.join('/'))
  }
  expect(await objects()).toEqual({})

  await run('pg_restore', [...target, '--exit-on-error', '--dbname=rm5', dump], { env: pgEnv() })
  expect(await rm5('media', 'restore', join(dir, 'media'))).toMatch(/3 uploaded/)

  const after = { ...(await snapshot()), media: await objects() }
  expect(after).toEqual(before)
  // The restored hash still verifies the code that was set.
  expect(await argon2.verify(after.codes[0]?.codeHash as string, CODE)).toBe(true)
}, 120_000)
