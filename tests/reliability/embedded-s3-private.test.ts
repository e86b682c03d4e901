// The embedded default on a shared machine (issue 34, point 5): the embedded S3 of a running
// `npm start` answers only requests signed with its DATA_DIR's credentials, and DATA_DIR with
// everything in it (the S3 files, the database, its log, the state files) is its owner's only.

import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '../../server/env.server.ts'
import { CREDENTIALS_FILE, embeddedCredentials } from '../../server/storage/embedded-auth.server.ts'
import { S3Client } from '../../server/storage/s3-client.server.ts'
import { openStorage, type Storage } from '../../server/storage/storage.server.ts'
import { quietStorageLog } from '../helpers/quiet-log.ts'
import { fillBuckets, type StartedSite, startSite } from '../helpers/start-process.ts'

const KEY = 'term-sheet.pdf'
let dir: string
let site: StartedSite
let storage: Storage
let s3Port: number

beforeAll(async () => {
  // A DATA_DIR that does not exist yet, in a folder others may pass through (as /tmp, or a home).
  const parent = await mkdtemp(join(tmpdir(), 'rm5-private-'))
  await chmod(parent, 0o711)
  dir = join(parent, 'data')
  await fillBuckets(dir)
  site = await startSite(dir)
  s3Port = (JSON.parse(await readFile(join(dir, 's3.json'), 'utf8')) as { port: number }).port
  // Attached through DATA_DIR, as the rm5 CLI attaches to a running server (the site made the
  // documents bucket for its demo document).
  storage = await openStorage(parseEnv({ NODE_ENV: 'test', DATA_DIR: dir }), quietStorageLog)
  await storage.client.putObject('documents', KEY, Buffer.from('%PDF original bytes'))
}, 120_000)

afterAll(async () => {
  await storage?.close()
  if (site?.process.exitCode === null) {
    site.process.kill('SIGTERM')
    await site.exited
  }
  if (dir) await rm(join(dir, '..'), { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
})

function s3Client(accessKey: string, secretKey: string): S3Client {
  return new S3Client({
    origin: `http://127.0.0.1:${s3Port}`,
    accessKey,
    secretKey,
    region: 'us-east-1',
    pathStyle: true,
  })
}

async function errorCode(attempt: Promise<unknown>): Promise<string | undefined> {
  try {
    await attempt
  } catch (error) {
    return (error as { code?: string }).code
  }
  return undefined
}

describe('the embedded S3 of a running site', () => {
  it('refuses unsigned requests: no listing, no object', async () => {
    const list = await fetch(`http://127.0.0.1:${s3Port}/documents?list-type=2`)
    expect(list.status).toBe(403)
    const listBody = await list.text()
    expect(listBody).toContain('<Code>AccessDenied</Code>')
    expect(listBody).not.toContain(KEY)
    const object = await fetch(`http://127.0.0.1:${s3Port}/documents/${KEY}`)
    expect(object.status).toBe(403)
    expect(await object.text()).not.toContain('original bytes')
    expect((await fetch(`http://127.0.0.1:${s3Port}/`)).status).toBe(403)
  })

  it('refuses requests signed with other credentials', async () => {
    const { accessKey } = await embeddedCredentials(dir)
    expect(await errorCode(s3Client(accessKey, 'not-the-secret-key').getObject('documents', KEY))).toBe(
      'SignatureDoesNotMatch',
    )
    // s3rver's built-in account is gone.
    expect(await errorCode(s3Client('S3RVER', 'S3RVER').getObject('documents', KEY))).toBe('AccessDenied')
    expect(await errorCode(s3Client('S3RVER', 'S3RVER').listBuckets())).toBe('AccessDenied')
  })

  it('serves requests signed with the credentials of its DATA_DIR', async () => {
    const { accessKey, secretKey } = await embeddedCredentials(dir)
    const body = await s3Client(accessKey, secretKey).getObject('documents', KEY)
    expect(Buffer.concat(await body.toArray()).toString()).toBe('%PDF original bytes')
    // The site itself reaches it too.
    const media = await fetch(`http://127.0.0.1:${site.port}/media/360/placeholder.txt`)
    expect(media.status).toBe(200)
    expect(await media.text()).toBe('x')
  })

  it('keeps DATA_DIR and everything in it to its owner: folders 0700, files 0600', async () => {
    // As root, the embedded Postgres runs as the OS user `postgres`, whose group may pass through
    // DATA_DIR (not list it) to reach its folder; nobody else gets anything.
    expect((await stat(dir)).mode & 0o777).toBe(process.getuid?.() === 0 ? 0o710 : 0o700)
    expect((await stat(join(dir, CREDENTIALS_FILE))).mode & 0o777).toBe(0o600)
    const entries = await readdir(dir, { recursive: true, withFileTypes: true })
    const files = entries.filter((entry) => entry.isFile())
    expect(files.some((file) => file.name.startsWith(KEY))).toBe(true)
    // The database's log (the text of failed statements) and the state files among them.
    expect(files.map((file) => file.name)).toEqual(expect.arrayContaining(['pg.log', 'pg.json', 's3.json']))
    const modes = await Promise.all(
      entries.map(async (entry) => {
        const path = join(entry.parentPath, entry.name)
        return { path, mode: ((await stat(path)).mode & 0o777).toString(8) }
      }),
    )
    const expected = modes.map(({ path }, i) => ({ path, mode: entries[i]?.isDirectory() ? '700' : '600' }))
    expect(modes).toEqual(expected)
  })
})
