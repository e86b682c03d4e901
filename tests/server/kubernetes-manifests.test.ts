// deploy/kubernetes (docs/kubernetes.md): what `kubectl kustomize` renders (with the Ingress, and
// with the Gateway API component's HTTPRoute instead) valid against the Kubernetes API's JSON
// schemas (kubernetes-models and @kubernetes-models/gateway-api: validators generated from the
// APIs' OpenAPI definitions), and the promises the docs make about probes, the rollout, the
// security context and secrets, checked on the files themselves (no cluster runs here).
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse, parseAllDocuments } from 'yaml'
import packageJson from '../../package.json' with { type: 'json' }
import { envSchema } from '../../server/env.server.ts'
import { SECRET_VARIABLES } from '../../server/env-sources.server.ts'
import { commandAt, describeWith } from '../helpers/required-service.ts'

const DIR = 'deploy/kubernetes'
/** Where the image lets the app write (Dockerfile: DATA_DIR), besides /tmp. */
const DATA_DIR = readFileSync('Dockerfile', 'utf8').match(/DATA_DIR=(\S+)/)?.[1]

interface Manifest {
  apiVersion: string
  kind: string
  metadata: { name: string; labels?: Record<string, string> }
  // biome-ignore lint/suspicious/noExplicitAny: manifests are checked field by field below
  spec?: any
  data?: Record<string, string>
  automountServiceAccountToken?: boolean
}
interface Kustomization {
  namespace: string
  resources: string[]
  images: Array<{ name: string; newName: string; newTag: string }>
  secretGenerator: Array<{ name: string; files: string[] }>
}
interface Container {
  name: string
  image: string
  command?: string[]
  ports?: Array<{ name: string; containerPort: number }>
  env?: Array<{ name: string; value?: string }>
  envFrom?: Array<{ configMapRef: { name: string } }>
  // biome-ignore lint/suspicious/noExplicitAny: probe objects checked field by field
  [probe: string]: any
}

const kustomization = parse(readFileSync(`${DIR}/kustomization.yaml`, 'utf8')) as Kustomization
const manifests = kustomization.resources.map((file) => ({
  file,
  manifest: parse(readFileSync(path.join(DIR, file), 'utf8')) as Manifest,
}))
const find = (kind: string, name?: string): Manifest => {
  const found = manifests.find(
    ({ manifest }) => manifest.kind === kind && (!name || manifest.metadata.name === name),
  )
  if (!found) throw new Error(`no ${kind} ${name ?? ''} in the kustomization`)
  return found.manifest
}
const deployment = find('Deployment')
const job = find('Job')
const pod = deployment.spec.template.spec
const app = pod.containers[0] as Container
const envOf = (container: Container) =>
  Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value]))

/** The API groups the manifests use, each a module of kubernetes-models. */
const MODELS: Record<string, () => Promise<object>> = {
  v1: () => import('kubernetes-models/v1'),
  'apps/v1': () => import('kubernetes-models/apps/v1'),
  'batch/v1': () => import('kubernetes-models/batch/v1'),
  'policy/v1': () => import('kubernetes-models/policy/v1'),
  'autoscaling/v2': () => import('kubernetes-models/autoscaling/v2'),
  'networking.k8s.io/v1': () => import('kubernetes-models/networking.k8s.io/v1'),
  'gateway.networking.k8s.io/v1': () => import('@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1'),
}

/**
 * `kubectl kustomize` of a copy of the folder, with the secret files generate-secrets.sh writes
 * (and the Gateway API component enabled when asked): the documents `kubectl apply -k` would send.
 */
function render(options: { gatewayApi: boolean }): Manifest[] {
  const copy = mkdtempSync(path.join(tmpdir(), 'rm5-kustomize-'))
  try {
    cpSync(DIR, copy, { recursive: true, filter: (source) => !source.endsWith(`${DIR}/secrets`) })
    execFileSync('sh', [path.join(copy, 'generate-secrets.sh')], {
      env: { ...process.env, SECRETS_DIR: path.join(copy, 'secrets') },
    })
    if (options.gatewayApi) {
      const file = path.join(copy, 'kustomization.yaml')
      const text = readFileSync(file, 'utf8')
      expect(text).toContain('\n# components: [gateway-api]\n')
      writeFileSync(file, text.replace('\n# components: [gateway-api]\n', '\ncomponents: [gateway-api]\n'))
    }
    const output = execFileSync('kubectl', ['kustomize', copy], { encoding: 'utf8' })
    return parseAllDocuments(output).map((doc) => unfoldSecretData(doc.toJS() as Manifest))
  } finally {
    rmSync(copy, { recursive: true, force: true })
  }
}
/**
 * kustomize folds a Secret's base64 at 70 columns; the API server's decoder (Go's base64) skips the
 * line breaks, the schema's "byte" format does not: joined again, as the server reads them.
 */
function unfoldSecretData(manifest: Manifest): Manifest {
  if (manifest.kind !== 'Secret' || !manifest.data) return manifest
  const data = Object.fromEntries(
    Object.entries(manifest.data).map(([key, value]) => [key, value.replace(/\s/g, '')]),
  )
  return { ...manifest, data }
}
const kubectl = commandAt('kubectl', ['version', '--client'], 'https://kubernetes.io/docs/tasks/tools/')

/** The Kubernetes API schema for an apiVersion and kind, from kubernetes-models. */
async function schemaValidator(apiVersion: string, kind: string): Promise<(value: unknown) => void> {
  const load = MODELS[apiVersion]
  if (!load) throw new Error(`no kubernetes-models module listed for ${apiVersion}`)
  const models = (await load()) as Record<string, new (data: unknown) => { validate(): void }>
  const Model = models[kind]
  if (!Model) throw new Error(`kubernetes-models has no ${apiVersion} ${kind}`)
  return (value) => new Model(value).validate()
}

describe('deploy/kubernetes', () => {
  it('lists every manifest of the folder in kustomization.yaml', () => {
    const files = readdirSync(DIR).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
    expect(kustomization.resources.slice().sort()).toEqual(files.sort())
  })

  it.each(manifests.map(({ file, manifest }) => [file, manifest] as const))(
    '%s is valid against the Kubernetes API schema',
    async (_, manifest) => {
      const validate = await schemaValidator(manifest.apiVersion, manifest.kind)
      expect(() => validate(manifest)).not.toThrow()
    },
  )

  it('the schema check can fail', async () => {
    const validate = await schemaValidator('apps/v1', 'Deployment')
    const broken = structuredClone(deployment)
    broken.spec.replicas = 'two'
    broken.spec.template.spec.containers[0].livenessProbe.httpGet.port = { name: 'http' }
    expect(() => validate(broken)).toThrow(/replicas/)
  })

  it('runs at least two web pods, counted by the autoscaler alone and kept by the disruption budget', () => {
    // A `replicas` beside the autoscaler would reset its count on every apply.
    expect(deployment.spec).not.toHaveProperty('replicas')
    const hpa = find('HorizontalPodAutoscaler')
    expect(hpa.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: deployment.metadata.name,
    })
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2)
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas)
    // Utilization is measured against the CPU request.
    expect(app.resources.requests.cpu).toBeDefined()
    const labels = deployment.spec.template.metadata.labels
    expect(deployment.spec.selector.matchLabels).toEqual(labels)
    expect(find('PodDisruptionBudget').spec.selector.matchLabels).toEqual(labels)
    expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0)
  })

  it('asks /livez whether to restart and /readyz whether to send traffic, on the app port', () => {
    const port = app.ports?.find((p) => p.containerPort === 3000)
    expect(port?.name).toBe('http')
    expect(app.livenessProbe.httpGet).toEqual({ path: '/livez', port: 'http' })
    expect(app.startupProbe.httpGet).toEqual({ path: '/livez', port: 'http' })
    expect(app.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' })
    // The image's start period: the startup probe allows as long before liveness takes over.
    expect(app.startupProbe.periodSeconds * app.startupProbe.failureThreshold).toBeGreaterThanOrEqual(60)
    // Longer than the app's drain (server/shutdown) plus the preStop pause.
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(20)
  })

  it.each([
    ['Deployment', deployment],
    ['Job', job],
  ])('the %s runs as a non-root user with a read-only root, no capabilities and seccomp', (_, workload) => {
    const spec = workload.spec.template.spec
    expect(spec.automountServiceAccountToken).toBe(false)
    expect(spec.securityContext).toMatchObject({
      runAsNonRoot: true,
      seccompProfile: { type: 'RuntimeDefault' },
    })
    expect(spec.securityContext.runAsUser).toBeGreaterThan(0)
    for (const container of spec.containers as Container[]) {
      expect(container.securityContext).toEqual({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        runAsNonRoot: true,
        capabilities: { drop: ['ALL'] },
      })
      expect(container.resources.requests.memory).toBeDefined()
      expect(container.resources.limits.memory).toBeDefined()
      // Writable scratch space where the app writes, each an emptyDir.
      const emptyDirs = new Set(
        spec.volumes.filter((v: { emptyDir?: object }) => v.emptyDir).map((v: { name: string }) => v.name),
      )
      const writable = container.volumeMounts
        .filter((m: { name: string }) => emptyDirs.has(m.name))
        .map((m: { mountPath: string }) => m.mountPath)
      expect(writable).toContain('/tmp')
    }
    expect(find('Namespace').metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted')
  })

  it('gives the web pods DATA_DIR as an emptyDir', () => {
    expect(DATA_DIR).toBeDefined()
    const mount = app.volumeMounts.find((m: { mountPath: string }) => m.mountPath === DATA_DIR)
    expect(pod.volumes.find((v: { name: string }) => v.name === mount?.name)?.emptyDir).toBeDefined()
  })

  it('mounts every secret the app reads as a file, from the generated Secret', () => {
    const env = envOf(app)
    const secretMount = app.volumeMounts.find((m: { name: string }) =>
      pod.volumes.some((v: { name: string; secret?: object }) => v.name === m.name && v.secret),
    )
    expect(secretMount.readOnly).toBe(true)
    const volume = pod.volumes.find((v: { name: string }) => v.name === secretMount.name)
    const generator = kustomization.secretGenerator.find((g) => g.name === volume.secret.secretName)
    const keys = new Set(generator?.files.map((entry) => entry.split('=')[0]))
    for (const name of SECRET_VARIABLES) {
      const file = env[`${name}_FILE`]
      expect(file, `${name}_FILE`).toBe(`${secretMount.mountPath}/${name.toLowerCase()}`)
      expect(keys.has(name.toLowerCase()), `${name} in ${volume.secret.secretName}`).toBe(true)
      expect(env, name).not.toHaveProperty(name)
    }
    // No secret sits in a ConfigMap.
    for (const map of manifests.filter(({ manifest }) => manifest.kind === 'ConfigMap')) {
      for (const name of SECRET_VARIABLES) expect(map.manifest.data ?? {}, map.file).not.toHaveProperty(name)
    }
  })

  it('generate-secrets.sh writes every file the secretGenerator reads', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rm5-k8s-secrets-'))
    try {
      execFileSync('sh', [`${DIR}/generate-secrets.sh`], { env: { ...process.env, SECRETS_DIR: dir } })
      const written = readdirSync(dir).map((name) => `secrets/${name}`)
      const read = kustomization.secretGenerator.flatMap((g) => g.files.map((entry) => entry.split('=')[1]))
      expect(written.sort()).toEqual([...new Set(read)].sort())
      expect(readFileSync(path.join(dir, 'cookie_secret'), 'utf8').length).toBeGreaterThanOrEqual(32)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('reads SITE_URL and every BRAND_* from a ConfigMap, and sets only variables the app knows', () => {
    const fromMaps = (app.envFrom ?? []).map(
      ({ configMapRef }) => find('ConfigMap', configMapRef.name).data ?? {},
    )
    const merged = Object.assign({}, ...fromMaps) as Record<string, string>
    const brand = Object.keys(envSchema.shape).filter((name) => name.startsWith('BRAND_'))
    expect(brand.length).toBeGreaterThan(5)
    for (const name of ['SITE_URL', ...brand]) expect(merged, name).toHaveProperty(name)
    const known = new Set(Object.keys(envSchema.shape))
    const names = [
      ...Object.keys(merged),
      ...Object.keys(envOf(app)),
      ...Object.keys(envOf(job.spec.template.spec.containers[0])),
    ]
    expect(names.filter((name) => !known.has(name))).toEqual([])
  })

  it('migrates in a Job as the schema owner on its own direct connection, and not when the web pods start', () => {
    expect(envOf(app).MIGRATE_ON_START).toBe('false')
    const migrate = job.spec.template.spec.containers[0] as Container
    expect(migrate.command).toEqual(['rm5', 'db', 'migrate'])
    expect(migrate.image).toBe(app.image)
    const settings = find('ConfigMap', 'rm5-settings').data ?? {}
    // Its own settings, not the app's (whose DATABASE_HOST may be the pooler): host, port, TLS, CA.
    expect(migrate.envFrom).toEqual([{ configMapRef: { name: 'rm5-migrate-settings' } }])
    const own = find('ConfigMap', 'rm5-migrate-settings').data ?? {}
    for (const name of [
      'DATABASE_HOST',
      'DATABASE_PORT',
      'DATABASE_NAME',
      'DATABASE_USER',
      'DATABASE_SSLMODE',
      'DATABASE_SSL_CA_FILE',
    ])
      expect(own, name).toHaveProperty(name)
    expect(own.DATABASE_USER).not.toBe(settings.DATABASE_USER)
    // Only what migrating needs: no S3, Redis or cookie settings and secrets.
    expect(
      [...Object.keys(own), ...Object.keys(envOf(migrate))].filter(
        (name) => !/^(DATABASE_|LOG_LEVEL$)/.test(name),
      ),
    ).toEqual([])
    const caMount = migrate.volumeMounts.find((m: { mountPath: string }) =>
      m.mountPath.startsWith('/run/secrets'),
    )
    expect(
      own.DATABASE_SSL_CA_FILE === '' || own.DATABASE_SSL_CA_FILE?.startsWith(`${caMount.mountPath}/`),
    ).toBe(true)
    expect(job.spec.template.spec.restartPolicy).toBe('Never')
    // The owner's password is the Job's alone.
    const ownerSecret = job.spec.template.spec.volumes.find((v: { secret?: object }) => v.secret).secret
      .secretName
    expect(ownerSecret).not.toBe(pod.volumes.find((v: { secret?: object }) => v.secret).secret.secretName)
    expect(kustomization.secretGenerator.map((g) => g.name)).toContain(ownerSecret)
  })

  it('routes the Ingress to the Service and the Service to the app port, and lets only the ingress in', () => {
    const service = find('Service')
    expect(service.spec.selector).toEqual(deployment.spec.template.metadata.labels)
    expect(service.spec.ports[0].targetPort).toBe('http')
    const backend = find('Ingress').spec.rules[0].http.paths[0].backend.service
    expect(backend).toEqual({ name: service.metadata.name, port: { name: service.spec.ports[0].name } })
    const policy = find('NetworkPolicy')
    expect(policy.spec.policyTypes).toEqual(['Ingress', 'Egress'])
    for (const [key, value] of Object.entries(policy.spec.podSelector.matchLabels)) {
      expect(deployment.spec.template.metadata.labels[key]).toBe(value)
      expect(job.spec.template.metadata.labels[key]).toBe(value)
    }
    expect(policy.spec.ingress).toHaveLength(1)
    expect(policy.spec.ingress[0].ports).toEqual([{ port: 'http', protocol: 'TCP' }])
    for (const peer of policy.spec.ingress[0].from) expect(peer.namespaceSelector).toBeDefined()
  })

  it('uses one image: the release this checkout is, as the release workflow publishes it', () => {
    expect(app.image).toBe('rm5-site')
    expect(kustomization.images).toEqual([
      {
        name: 'rm5-site',
        newName: expect.stringMatching(/^ghcr\.io\/[^/]+\/rm5-site$/),
        newTag: packageJson.version,
      },
    ])
  })

  it('names the migration Job after the release, so a new release is a new Job', () => {
    expect(job.metadata.name).toBe(`rm5-migrate-${kustomization.images[0]?.newTag}`)
  })

  it('holds a new pod back until the schema is current: an init container runs rm5 db wait', () => {
    const [wait, ...others] = pod.initContainers as Container[]
    expect(others).toEqual([])
    expect(wait?.image).toBe(app.image)
    expect(wait?.command?.slice(0, 3)).toEqual(['rm5', 'db', 'wait'])
    expect(Number(wait?.command?.[wait.command.indexOf('--timeout') + 1])).toBeGreaterThan(0)
    // The serving role's connection, as the app makes it.
    expect(wait?.envFrom).toEqual(
      app.envFrom?.filter(({ configMapRef }) => configMapRef.name === 'rm5-settings'),
    )
    expect(envOf(wait as Container).DATABASE_PASSWORD_FILE).toBe(envOf(app).DATABASE_PASSWORD_FILE)
    expect(wait?.securityContext).toEqual(app.securityContext)
  })

  it('assumes no ingress controller: no class, no ingress-nginx namespace', () => {
    expect(find('Ingress').spec.ingressClassName).toBeUndefined()
    expect(JSON.stringify(find('NetworkPolicy'))).not.toMatch(/nginx/)
  })
})

describeWith(kubectl, 'kubectl kustomize deploy/kubernetes', () => {
  const variants = [
    ['with the Ingress', render({ gatewayApi: false })],
    ['with the Gateway API', render({ gatewayApi: true })],
  ] as const

  it.each(variants)('renders documents valid against their API schemas (%s)', async (_, rendered) => {
    expect(rendered.length).toBeGreaterThan(10)
    for (const manifest of rendered) {
      const validate = await schemaValidator(manifest.apiVersion, manifest.kind)
      expect(() => validate(manifest), `${manifest.kind} ${manifest.metadata.name}`).not.toThrow()
    }
  })

  it.each(variants)('renders the rollout the docs promise (%s)', (_, rendered) => {
    const of = (kind: string) => rendered.filter((m) => m.kind === kind)
    const [web] = of('Deployment')
    expect(web?.spec).not.toHaveProperty('replicas')
    expect(web?.spec.template.spec.initContainers[0].command.slice(0, 3)).toEqual(['rm5', 'db', 'wait'])
    const image = `${kustomization.images[0]?.newName}:${packageJson.version}`
    expect(web?.spec.template.spec.initContainers[0].image).toBe(image)
    expect(of('Job').map((m) => [m.metadata.name, m.spec.template.spec.containers[0].image])).toEqual([
      [`rm5-migrate-${packageJson.version}`, image],
    ])
    // The Job's secret keeps its name when the owner's password changes.
    expect(of('Secret').map((m) => m.metadata.name)).toContain('rm5-migrate-secrets')
  })

  it('routes through an Ingress, or an HTTPRoute to the same Service with the Gateway API', () => {
    const [withIngress, withGateway] = variants.map(([, rendered]) => rendered)
    const kinds = (rendered: Manifest[] | undefined) => rendered?.map((m) => m.kind)
    expect(kinds(withIngress)).toContain('Ingress')
    expect(kinds(withIngress)).not.toContain('HTTPRoute')
    expect(kinds(withGateway)).not.toContain('Ingress')
    const route = withGateway?.find((m) => m.kind === 'HTTPRoute')
    const service = withGateway?.find((m) => m.kind === 'Service')
    expect(route?.spec.rules[0].backendRefs).toEqual([
      { name: service?.metadata.name, port: service?.spec.ports[0].port },
    ])
    expect(route?.spec.hostnames).toEqual(
      find('Ingress').spec.rules.map((rule: { host: string }) => rule.host),
    )
  })
})
