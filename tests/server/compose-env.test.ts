// Compose without editing tracked files (docs/self-hosting.md): `config` (the real interpolation:
// `docker compose` v2 where installed, as on GitHub's runners, Debian's `docker-compose` v1
// otherwise, as .ci/run installs) renders docker-compose.yml with a .env that sets every variable
// of docs/configuration.md to a value of its own, and each reaches the app's environment with that
// value. Secrets never come from .env: each is a file of ./secrets that the app reads through
// NAME_FILE. And .env.example copied as .env changes nothing compose would do without it.
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parse } from 'yaml'
import { envSchema } from '../../server/env.server.ts'
import { SECRET_VARIABLES } from '../../server/env-sources.server.ts'
import { composeAt } from '../helpers/compose.ts'
import { describeWith } from '../helpers/required-service.ts'

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

const compose = composeAt()
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
const folders: string[] = []

/** docker-compose.yml as Compose renders it in a folder of its own, with `dotenv` as its .env (if any). */
function render(dotenv: string | null): { dir: string; rendered: Rendered } {
  const dir = mkdtempSync(path.join(tmpdir(), 'rm5-compose-'))
  folders.push(dir)
  copyFileSync('docker-compose.yml', path.join(dir, 'docker-compose.yml'))
  if (dotenv !== null) writeFileSync(path.join(dir, '.env'), dotenv)
  // The shell's own variables win over .env (REDIS_URL is set for the tests): none but these.
  const env = { PATH: process.env.PATH, HOME: process.env.HOME }
  return { dir, rendered: parse(compose.run(['config'], { cwd: dir, env })) as Rendered }
}

describeWith(compose, 'docker-compose.yml with a .env', () => {
  beforeAll(() => {
    const names = [...variables, 'MIGRATE_DATABASE_HOST', 'MIGRATE_DATABASE_PORT']
    ;({ dir, rendered } = render(names.map((name) => `${name}=${dotenvValue(name)}\n`).join('')))
  })
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  })

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

  it('.env.example copied as .env keeps every compose default (it sets nothing: examples are comments)', () => {
    const example = render(readFileSync('.env.example', 'utf8'))
    const none = render(null)
    // The folder is part of what compose renders (build context, secret files): the same for both.
    const inFolder = (model: Rendered, folder: string) =>
      JSON.parse(JSON.stringify(model).replaceAll(folder, '<dir>')) as Rendered
    expect(inFolder(example.rendered, example.dir)).toEqual(inFolder(none.rendered, none.dir))
    // The defaults docker-compose.yml promises, which a copied example once overrode.
    expect(example.rendered.services.app?.environment).toMatchObject({
      TRUST_PROXY: 'uniquelocal',
      DEMO_MEDIA: 'off',
      SITE_URL: 'http://localhost:3000',
    })
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
