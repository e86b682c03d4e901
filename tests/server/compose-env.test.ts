// Compose without editing tracked files (docs/self-hosting.md): `docker-compose config` (the real
// interpolation: Debian's docker-compose, which .ci/run installs) renders docker-compose.yml with a
// .env that sets every variable of docs/configuration.md to a value of its own, and each reaches
// the app's environment with that value. Secrets never come from .env: each is a file of ./secrets
// that the app reads through NAME_FILE.
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parse } from 'yaml'
import { envSchema } from '../../server/env.server.ts'
import { SECRET_VARIABLES } from '../../server/env-sources.server.ts'
import { commandAt, describeWith } from '../helpers/required-service.ts'

/** The container's own: the image's listener and DATA_DIR, production, migrations left to `migrate`. */
const CONTAINER_OWN = ['NODE_ENV', 'HOST', 'PORT', 'DATA_DIR', 'MIGRATE_ON_START']
/** Secrets that are settings too: the bundled services' address or key name, set in .env. */
const FROM_ENV_FILE = ['REDIS_URL', 'S3_ACCESS_KEY']
/** Compose connects from parts (DATABASE_HOST, …): a whole URL would carry the password. */
const NOT_IN_COMPOSE = ['DATABASE_URL']

/** The variable names of docs/configuration.md's table, shorthand (`_PORT`, `BRAND_*`) expanded. */
function readmeVariables(): string[] {
  const readme = readFileSync('docs/configuration.md', 'utf8')
  const table = readme.slice(readme.indexOf('| variable'))
  const rows = table.split('\n').slice(2)
  const names = new Set<string>()
  for (const row of rows) {
    if (!row.startsWith('|')) break
    const first = row.split('|')[1] ?? ''
    if (first.includes('*_FILE')) continue
    let prefix = ''
    for (const [, name] of first.matchAll(/`([A-Z0-9_*]+)`/g)) {
      if (!name) continue
      if (name === 'BRAND_*')
        for (const brand of Object.keys(envSchema.shape).filter((key) => key.startsWith('BRAND_')))
          names.add(brand)
      else if (name.startsWith('_')) names.add(`${prefix}${name.slice(1)}`)
      else {
        names.add(name)
        prefix = `${name.split('_')[0]}_`
      }
    }
  }
  return [...names]
}

const compose = commandAt('docker-compose', ['version'], 'Debian: apt-get install docker-compose')
const variables = readmeVariables()
const secrets = SECRET_VARIABLES.filter(
  (name) => !FROM_ENV_FILE.includes(name) && !NOT_IN_COMPOSE.includes(name),
)
const settings = variables.filter(
  (name) =>
    !CONTAINER_OWN.includes(name) && !NOT_IN_COMPOSE.includes(name) && !secrets.includes(name as never),
)
/** A value of its own for each variable, in the shape its schema wants where that matters to compose. */
const dotenvValue = (name: string) => `set-in-dotenv-${name.toLowerCase().replaceAll('_', '-')}`

interface Rendered {
  services: Record<string, { environment: Record<string, string>; secrets?: (string | { source: string })[] }>
  secrets: Record<string, { file: string }>
}
let rendered: Rendered
let dir: string

describeWith(compose, 'docker-compose.yml with a .env', () => {
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'rm5-compose-'))
    copyFileSync('docker-compose.yml', path.join(dir, 'docker-compose.yml'))
    const names = [...variables, 'MIGRATE_DATABASE_HOST', 'MIGRATE_DATABASE_PORT']
    writeFileSync(path.join(dir, '.env'), names.map((name) => `${name}=${dotenvValue(name)}\n`).join(''))
    rendered = parse(
      execFileSync('docker-compose', ['config'], {
        cwd: dir,
        encoding: 'utf8',
        // The shell's own variables win over .env (REDIS_URL is set for the tests): none but PATH.
        env: { PATH: process.env.PATH },
      }),
    ) as Rendered
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('reads the table of docs/configuration.md (the list below is not empty or partial)', () => {
    expect(variables).toEqual(
      expect.arrayContaining(['DATABASE_PORT', 'S3_PATH_STYLE', 'BRAND_CITY', 'METRICS_TOKEN']),
    )
    expect(variables.filter((name) => !(name in envSchema.shape))).toEqual([])
  })

  it('passes every setting of .env to the app', () => {
    const environment = rendered.services.app?.environment ?? {}
    const missing = settings.filter((name) => environment[name] !== dotenvValue(name))
    expect(missing, 'set in .env, but not what the app gets').toEqual([])
  })

  it('gives the app every secret as a file of ./secrets, never from .env', () => {
    const app = rendered.services.app
    const mounted = new Set(
      (app?.secrets ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.source)),
    )
    for (const name of secrets) {
      expect(app?.environment, name).not.toHaveProperty(name)
      const file = app?.environment[`${name}_FILE`]
      const secret = file?.replace('/run/secrets/', '') ?? ''
      expect(file, `${name}_FILE`).toMatch(/^\/run\/secrets\/[\w.]+$/)
      expect(mounted.has(secret), `${secret} mounted`).toBe(true)
      expect(rendered.secrets[secret]?.file, secret).toBe(path.join(dir, 'secrets', secret))
    }
    expect(JSON.stringify(rendered)).not.toContain(dotenvValue('METRICS_TOKEN'))
  })

  it('points the migration step at Postgres directly (MIGRATE_DATABASE_HOST/PORT), the rest as the app', () => {
    const migrate = rendered.services.migrate?.environment ?? {}
    expect(migrate.DATABASE_HOST).toBe(dotenvValue('MIGRATE_DATABASE_HOST'))
    expect(migrate.DATABASE_PORT).toBe(dotenvValue('MIGRATE_DATABASE_PORT'))
    for (const name of ['DATABASE_NAME', 'DATABASE_SSLMODE', 'DATABASE_SSL_CA_FILE'])
      expect(migrate[name], name).toBe(dotenvValue(name))
  })

  it('deploy/generate-secrets.sh writes every secret file compose mounts', () => {
    const secretsDir = path.join(dir, 'secrets')
    execFileSync('sh', [path.resolve('deploy/generate-secrets.sh')], {
      env: { ...process.env, SECRETS_DIR: secretsDir },
    })
    for (const [name, { file }] of Object.entries(rendered.secrets))
      expect(() => readFileSync(file), name).not.toThrow()
  })
})
