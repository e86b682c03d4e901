// deploy/kubernetes (docs/kubernetes.md): a base the operator never edits. What `kubectl kustomize`
// renders from the tracked files alone (a clean clone), from an overlay outside the checkout (with
// and without the Gateway API component) and from overlays/example, valid against the Kubernetes
// API's JSON schemas (kubernetes-models and @kubernetes-models/gateway-api: validators generated
// from the APIs' OpenAPI definitions), and the promises the docs make about probes, the rollout,
// the migration under kubectl, Argo CD and Flux, the security context, secrets and settings (no
// cluster runs here).
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import packageJson from '../../package.json' with { type: 'json' }
import { envSchema } from '../../server/env.server.ts'
import { SECRET_VARIABLES } from '../../server/env-sources.server.ts'
import {
  BASE,
  cleanCheckout,
  kubectl,
  kustomize,
  type Manifest,
  renderOverlay,
} from '../helpers/kustomize.ts'
import { describeWith } from '../helpers/required-service.ts'

/** Where the image lets the app write (Dockerfile: DATA_DIR), besides /tmp. */
const DATA_DIR = readFileSync('Dockerfile', 'utf8').match(/DATA_DIR=(\S+)/)?.[1]
/** docs/configuration.md: DOCUMENT_MAX_BYTES, the largest console upload, "26214400 (25 MiB)". */
const LARGEST_UPLOAD = 25 * 1024 * 1024
/** The console's upload form around the file: its fields, boundaries and part headers. */
const FORM_AROUND_THE_FILE = 64 * 1024

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

const envOf = (container: Container) =>
  Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value]))
const kinds = (rendered: Manifest[]) => rendered.map((m) => m.kind)
const findIn = (rendered: Manifest[], kind: string, name?: string): Manifest => {
  const found = rendered.find((m) => m.kind === kind && (!name || m.metadata.name === name))
  if (!found) throw new Error(`no ${kind} ${name ?? ''} rendered`)
  return found
}
/** The ConfigMaps a container reads, by the (hashed) names it refers to. */
const settingsOf = (rendered: Manifest[], container: Container) =>
  Object.assign(
    {},
    ...(container.envFrom ?? []).map(
      ({ configMapRef }) => findIn(rendered, 'ConfigMap', configMapRef.name).data,
    ),
  ) as Record<string, string>
/** nginx's size syntax (`26m`), in bytes. */
const nginxBytes = (size: string) => {
  const [, number, unit] = size.match(/^(\d+)([kmg]?)$/i) ?? []
  return Number(number) * 1024 ** ' kmg'.indexOf((unit || ' ').toLowerCase())
}

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

/** The Kubernetes API schema for an apiVersion and kind, from kubernetes-models. */
async function schemaValidator(apiVersion: string, kind: string): Promise<(value: unknown) => void> {
  const load = MODELS[apiVersion]
  if (!load) throw new Error(`no kubernetes-models module listed for ${apiVersion}`)
  const models = (await load()) as Record<string, new (data: unknown) => { validate(): void }>
  const Model = models[kind]
  if (!Model) throw new Error(`kubernetes-models has no ${apiVersion} ${kind}`)
  return (value) => new Model(value).validate()
}

/** Every document valid against its API's schema. */
async function expectValid(manifests: Manifest[]): Promise<void> {
  for (const manifest of manifests) {
    const validate = await schemaValidator(manifest.apiVersion, manifest.kind)
    expect(() => validate(manifest), `${manifest.kind} ${manifest.metadata.name}`).not.toThrow()
  }
}

/**
 * The `kubectl create secret generic` commands of docs/kubernetes.md, run with `--dry-run=client`
 * (no cluster): the keys each Secret the docs create holds.
 */
function documentedSecretKeys(): Record<string, string[]> {
  const docs = readFileSync('docs/kubernetes.md', 'utf8').replace(/\\\n\s*/g, '')
  const commands = docs.split('\n').filter((line) => /^kubectl -n \S+ create secret generic /.test(line))
  expect(commands.length).toBe(2)
  return Object.fromEntries(
    commands.map((command) => {
      const secret = JSON.parse(
        execFileSync('sh', ['-c', `${command} --dry-run=client -o json`], { encoding: 'utf8' }),
      ) as Manifest
      return [secret.metadata.name, Object.keys(secret.data ?? {}).sort()]
    }),
  )
}

describe('deploy/kubernetes/base', () => {
  it('lists every manifest of the folder in its kustomization', () => {
    const kustomization = parse(readFileSync(`${BASE}/base/kustomization.yaml`, 'utf8')) as {
      resources: string[]
    }
    const files = readdirSync(`${BASE}/base`).filter(
      (file) => file.endsWith('.yaml') && file !== 'kustomization.yaml',
    )
    expect(kustomization.resources.slice().sort()).toEqual(files.sort())
  })
})

describeWith(kubectl, 'kubectl kustomize deploy/kubernetes, on a clean checkout', () => {
  let checkout: ReturnType<typeof cleanCheckout>
  let rendered: Manifest[]
  let deployment: Manifest
  let job: Manifest
  // biome-ignore lint/suspicious/noExplicitAny: a pod spec, checked field by field
  let pod: any
  let app: Container
  const find = (kind: string, name?: string) => findIn(rendered, kind, name)

  beforeAll(() => {
    checkout = cleanCheckout()
    rendered = kustomize(checkout.base)
    deployment = find('Deployment')
    job = find('Job')
    pod = deployment.spec.template.spec
    app = pod.containers[0] as Container
  })
  afterAll(() => checkout?.dispose())

  it('renders from the tracked files alone, with no Secret: those are the operator’s', async () => {
    expect(kinds(rendered)).toEqual(expect.arrayContaining(['Namespace', 'Deployment', 'Job', 'Ingress']))
    expect(kinds(rendered)).not.toContain('Secret')
    expect(rendered.length).toBeGreaterThan(10)
    await expectValid(rendered)
  })

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
    // Longer than the app's drain (server/main.server.ts) plus the preStop pause.
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(20)
  })

  it('runs the Deployment and the Job as a non-root user with a read-only root, no capabilities and seccomp', () => {
    for (const workload of [deployment, job]) {
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
    }
    expect(find('Namespace').metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted')
  })

  it('gives the web pods DATA_DIR as an emptyDir', () => {
    expect(DATA_DIR).toBeDefined()
    const mount = app.volumeMounts.find((m: { mountPath: string }) => m.mountPath === DATA_DIR)
    expect(pod.volumes.find((v: { name: string }) => v.name === mount?.name)?.emptyDir).toBeDefined()
  })

  it('mounts every secret the app reads as a file of a Secret the docs’ commands create', () => {
    const documented = documentedSecretKeys()
    const mounted = (
      spec: { volumes: Array<{ name: string; secret?: { secretName: string } }> },
      c: Container,
    ) => {
      const mount = c.volumeMounts.find((m: { name: string }) =>
        spec.volumes.some((v) => v.name === m.name && v.secret),
      )
      expect(mount.readOnly).toBe(true)
      const secretName = spec.volumes.find((v) => v.name === mount.name)?.secret?.secretName as string
      // Every *_FILE under the mount is a key of that Secret, and the docs create each.
      const files = Object.entries(envOf(c))
        .filter(([name, value]) => name.endsWith('_FILE') && value?.startsWith(`${mount.mountPath}/`))
        .map(([, value]) => value?.slice(mount.mountPath.length + 1))
      return { mount, secretName, files }
    }
    const web = mounted(pod, app)
    expect(web.secretName).toBe('rm5-secrets')
    const env = envOf(app)
    for (const name of SECRET_VARIABLES) {
      expect(env[`${name}_FILE`], `${name}_FILE`).toBe(`${web.mount.mountPath}/${name.toLowerCase()}`)
      expect(env, name).not.toHaveProperty(name)
    }
    expect(documented['rm5-secrets']).toEqual(web.files.sort())
    // The Job's: the owner's password and the CA its TLS check may name.
    const migrate = job.spec.template.spec.containers[0] as Container
    const owner = mounted(job.spec.template.spec, migrate)
    expect(owner.secretName).toBe('rm5-migrate-secrets')
    const ca = find('ConfigMap', 'rm5-migrate-settings').data?.DATABASE_SSL_CA_FILE
    expect(documented['rm5-migrate-secrets']).toEqual([...owner.files, 'database_ca.pem'].sort())
    expect(docsText()).toContain(`DATABASE_SSL_CA_FILE=${owner.mount.mountPath}/database_ca.pem`)
    expect(ca).toBe('')
    // No secret sits in a ConfigMap.
    for (const map of rendered.filter((m) => m.kind === 'ConfigMap')) {
      for (const name of SECRET_VARIABLES) expect(map.data ?? {}, map.metadata.name).not.toHaveProperty(name)
    }
  })

  it('reads SITE_URL and every BRAND_* from a ConfigMap, and sets only variables the app knows', () => {
    const merged = settingsOf(rendered, app)
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

  it('names each settings ConfigMap of the web pods with a hash of its contents', () => {
    for (const { configMapRef } of app.envFrom ?? []) {
      expect(configMapRef.name).toMatch(/^rm5-(settings|site)-[a-z0-9]{10}$/)
      find('ConfigMap', configMapRef.name)
    }
  })

  it('migrates in a Job as the schema owner on its own direct connection, and not when the web pods start', () => {
    expect(envOf(app).MIGRATE_ON_START).toBe('false')
    const migrate = job.spec.template.spec.containers[0] as Container
    expect(migrate.command).toEqual(['rm5', 'db', 'migrate'])
    expect(migrate.image).toBe(app.image)
    const settings = settingsOf(rendered, app)
    // Its own settings, not the app's (whose DATABASE_HOST may be the pooler): host, port, TLS, CA.
    expect(migrate.envFrom).toEqual([{ configMapRef: { name: 'rm5-migrate-settings' } }])
    const own = settingsOf(rendered, migrate)
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
    expect(job.spec.template.spec.restartPolicy).toBe('Never')
  })

  it('makes the migration GitOps-safe: an Argo CD PreSync hook, re-created by Flux, with no TTL', () => {
    // docs/kubernetes.md, "GitOps: Argo CD and Flux": a TTL-deleted Job is drift to both tools.
    expect(job.spec).not.toHaveProperty('ttlSecondsAfterFinished')
    expect(job.metadata.annotations).toEqual({
      'argocd.argoproj.io/hook': 'PreSync',
      'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation,HookSucceeded',
      'kustomize.toolkit.fluxcd.io/force': 'enabled',
    })
    // A PreSync hook runs before the sync creates anything: the Job needs only what exists already.
    const spec = job.spec.template.spec
    expect(spec.serviceAccountName ?? 'default').toBe('default')
    const settings = find('ConfigMap', 'rm5-migrate-settings')
    expect(settings.metadata.annotations).toEqual({
      'argocd.argoproj.io/hook': 'PreSync',
      'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation',
      'argocd.argoproj.io/sync-wave': '-1',
    })
    const secrets = spec.volumes.filter((v: { secret?: object }) => v.secret)
    for (const { secret } of secrets)
      expect(rendered.some((m) => m.metadata.name === secret.secretName)).toBe(false)
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

  it('lets ingress-nginx pass the largest console upload', () => {
    const size = find('Ingress').metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size']
    expect(nginxBytes(size ?? '1m')).toBeGreaterThanOrEqual(LARGEST_UPLOAD + FORM_AROUND_THE_FILE)
    expect(docsText()).toContain(`nginx.ingress.kubernetes.io/proxy-body-size: ${size}`)
  })

  it('uses one image: the release this checkout is, as the release workflow publishes it', () => {
    expect(app.image).toMatch(
      new RegExp(`^ghcr\\.io/[^/]+/rm5-site:${packageJson.version.replaceAll('.', '\\.')}$`),
    )
    expect(pod.initContainers[0].image).toBe(app.image)
    expect(job.spec.template.spec.containers[0].image).toBe(app.image)
  })

  it('holds a new pod back until the schema is current: an init container runs rm5 db wait', () => {
    const [wait, ...others] = pod.initContainers as Container[]
    expect(others).toEqual([])
    expect(wait?.command?.slice(0, 3)).toEqual(['rm5', 'db', 'wait'])
    expect(Number(wait?.command?.[wait.command.indexOf('--timeout') + 1])).toBeGreaterThan(0)
    // The serving role's connection, as the app makes it.
    expect(wait?.envFrom).toEqual(
      app.envFrom?.filter(({ configMapRef }) => configMapRef.name.startsWith('rm5-settings-')),
    )
    expect(envOf(wait as Container).DATABASE_PASSWORD_FILE).toBe(envOf(app).DATABASE_PASSWORD_FILE)
    expect(wait?.securityContext).toEqual(app.securityContext)
  })

  it('assumes no ingress controller: no class, no ingress-nginx namespace', () => {
    expect(find('Ingress').spec.ingressClassName).toBeUndefined()
    expect(JSON.stringify(find('NetworkPolicy'))).not.toMatch(/nginx/)
  })

  describe('an overlay outside the checkout', () => {
    it('renders the base, and with the Gateway API component an HTTPRoute to the same Service instead of the Ingress', async () => {
      const withIngress = renderOverlay(checkout, (base) => ({ resources: [base] }))
      expect(withIngress).toEqual(rendered)
      const withGateway = renderOverlay(checkout, (base) => ({
        resources: [base],
        components: [`${base}/gateway-api`],
      }))
      expect(kinds(withGateway)).toContain('HTTPRoute')
      expect(kinds(withGateway)).not.toContain('Ingress')
      const route = findIn(withGateway, 'HTTPRoute')
      const service = findIn(withGateway, 'Service')
      expect(route.spec.rules[0].backendRefs).toEqual([
        { name: service.metadata.name, port: service.spec.ports[0].port },
      ])
      expect(route.spec.hostnames).toEqual(
        find('Ingress').spec.rules.map((rule: { host: string }) => rule.host),
      )
      await expectValid(withGateway)
    })

    it('rolls the pods when a setting changes: a new ConfigMap name in the Deployment, the same Job', () => {
      const withSite = (url: string) =>
        renderOverlay(checkout, (base) => ({
          resources: [base],
          configMapGenerator: [{ name: 'rm5-site', behavior: 'merge', literals: [`SITE_URL=${url}`] }],
        }))
      const [before, after] = [withSite('https://a.example.org'), withSite('https://b.example.org')]
      const siteMap = (manifests: Manifest[]) => {
        const container = findIn(manifests, 'Deployment').spec.template.spec.containers[0] as Container
        const name = container.envFrom?.find(({ configMapRef }) => configMapRef.name.startsWith('rm5-site-'))
          ?.configMapRef.name as string
        return { name, data: findIn(manifests, 'ConfigMap', name).data }
      }
      expect(siteMap(before).data?.SITE_URL).toBe('https://a.example.org')
      expect(siteMap(after).data?.SITE_URL).toBe('https://b.example.org')
      expect(siteMap(after).name).not.toBe(siteMap(before).name)
      // The Job's template does not depend on the web pods' settings: nothing to re-create.
      expect(findIn(after, 'Job')).toEqual(findIn(before, 'Job'))
    })
  })

  describe('overlays/example', () => {
    let example: Manifest[]
    beforeAll(() => {
      example = kustomize(`${checkout.base}/overlays/example`)
    })

    it('renders valid documents: the image tag, SITE_URL, resources and an HTTPRoute for the same host', async () => {
      await expectValid(example)
      const web = findIn(example, 'Deployment').spec.template.spec.containers[0] as Container
      expect(web.image.split(':')[1]).toBe(packageJson.version)
      expect(web.resources).not.toEqual(app.resources)
      const siteUrl = new URL(settingsOf(example, web).SITE_URL as string)
      expect(siteUrl.hostname).not.toBe(new URL(settingsOf(rendered, app).SITE_URL as string).hostname)
      expect(kinds(example)).not.toContain('Ingress')
      expect(findIn(example, 'HTTPRoute').spec.hostnames).toEqual([siteUrl.hostname])
      expect(findIn(example, 'Job').spec.template.spec.containers[0].image).toBe(web.image)
    })
  })
})

function docsText(): string {
  return readFileSync('docs/kubernetes.md', 'utf8')
}
