// .github/workflows/release.yml (docs/releasing.md): valid for GitHub Actions by a maintained
// validator (@action-validator/core, GitHub's workflow schema), and doing what the docs promise: on
// a tag vX.Y.Z only, the whole suite first (lint, types, Vitest and Playwright on Node 26, Vitest
// on Node 24), then one image for amd64 and arm64 tagged X.Y.Z, X.Y and X, with OCI labels, an SBOM
// and provenance, built from the tag so that it reports X.Y.Z. No runner runs here: the file is
// what is checked.
import { readFileSync } from 'node:fs'
import { validateWorkflow } from '@action-validator/core'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { oldestNodeLine, PRODUCTION_NODE_LINE } from '../helpers/node-line.ts'

const FILE = '.github/workflows/release.yml'
const source = readFileSync(FILE, 'utf8')

interface Step {
  uses?: string
  run?: string
  id?: string
  with?: Record<string, string | number | boolean>
}
interface Workflow {
  on: { push: { tags: string[]; branches?: string[] } }
  env: Record<string, string>
  jobs: Record<
    string,
    {
      needs?: string | string[]
      steps: Step[]
      permissions?: Record<string, string>
      env?: Record<string, string>
    }
  >
}
const workflow = parse(source) as Workflow
const steps = (job: string) => workflow.jobs[job]?.steps ?? []
const action = (job: string, name: string) => steps(job).find((step) => step.uses?.split('@')[0] === name)
/** GitHub's `${{ expression }}`, written so that it does not read as a template placeholder. */
const expression = (text: string) => ['$', `{{ ${text} }}`].join('')
const lines = (value: unknown) =>
  String(value ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

describe('the release workflow', () => {
  it('is a valid GitHub Actions workflow', () => {
    expect(validateWorkflow(source).errors).toEqual([])
  })

  it('the validator can fail', () => {
    const broken = source.replace('runs-on: ubuntu-24.04', 'runs-on: [ubuntu-24.04')
    expect(validateWorkflow(broken).errors.length).toBeGreaterThan(0)
    const unknownKey = source.replace('timeout-minutes: 60', 'timeout-minute: 60')
    expect(validateWorkflow(unknownKey).errors.length).toBeGreaterThan(0)
  })

  it('runs on release tags vX.Y.Z only, and checks the tag is the release package.json holds', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v[0-9]+.[0-9]+.[0-9]+'] } })
    expect(
      steps('test').some((step) =>
        step.run?.includes('"$GITHUB_REF_NAME" = "v$(jq -r .version package.json)"'),
      ),
    ).toBe(true)
  })

  it('runs the whole suite on Node 26 and Vitest on Node 24 before any image is built', () => {
    const runs = steps('test').map((step) => step.run ?? step.uses ?? '')
    const order = [
      `node ${PRODUCTION_NODE_LINE}`,
      'npm ci --no-audit --no-fund',
      'npm run lint',
      'npm run typecheck',
      'npm test',
      `node ${oldestNodeLine()}`,
      'node node_modules/vitest/vitest.mjs run',
    ]
    const described = steps('test').map((step, i) =>
      step.uses?.startsWith('actions/setup-node@') ? `node ${step.with?.['node-version']}` : runs[i],
    )
    expect(described.filter((step) => order.includes(step as string))).toEqual(order)
    expect(workflow.jobs.image?.needs).toBe('test')
  })

  it('fuzzes every endpoint with the 10,000 cases SECURITY.md counts, more than npm test sends', () => {
    // SECURITY.md: "every one of the 60,000+ fuzz cases a release runs" (10,000 per endpoint).
    expect(workflow.jobs.test?.env?.FUZZ_CASES).toBe('10000')
  })

  it('has every tool the tests need: installed by the workflow or checked on the runner, Compose v2 included', () => {
    const runs = steps('test')
      .map((step) => step.run ?? '')
      .join('\n')
    expect(runs).toMatch(/apt-get install -y -qq caddy nginx pgbouncer wrk/)
    // On GitHub's ubuntu-24.04 image: Compose is the v2 plugin (`docker compose`), not docker-compose.
    expect(runs).toContain('docker compose version')
    for (const tool of ['psql', 'pg_dump', 'pg_restore', 'kubectl', 'google-chrome'])
      expect(runs, tool).toMatch(new RegExp(`for tool in [^;]*\\b${tool}\\b`))
    expect(runs).not.toMatch(/docker-compose/)
  })

  it('pushes one image for amd64 and arm64 as X.Y.Z, X.Y and X, with OCI labels, SBOM and provenance', () => {
    const meta = action('image', 'docker/metadata-action')
    expect(meta?.with?.images).toBe(expression('env.IMAGE'))
    expect(lines(meta?.with?.tags)).toEqual([
      'type=semver,pattern={{version}}',
      'type=semver,pattern={{major}}.{{minor}}',
      'type=semver,pattern={{major}}',
    ])
    const build = action('image', 'docker/build-push-action')
    expect(build?.with).toMatchObject({
      platforms: 'linux/amd64,linux/arm64',
      push: true,
      tags: expression(`steps.${meta?.id}.outputs.tags`),
      // metadata-action's labels: org.opencontainers.image.version, .revision, .source and more.
      labels: expression(`steps.${meta?.id}.outputs.labels`),
      sbom: true,
      provenance: 'mode=max',
    })
    // Built from the tag: the image reports X.Y.Z, not X.Y.Z-dev+<commit> (server/version.server.ts).
    expect(lines(build?.with?.['build-args'])).toEqual([
      `RM5_COMMIT=${expression('github.sha')}`,
      `RM5_RELEASE_TAG=${expression('github.ref_name')}`,
    ])
    expect(workflow.jobs.image?.permissions).toMatchObject({ packages: 'write' })
  })

  it('publishes the image compose and the kustomization name', () => {
    expect(workflow.env.IMAGE).toBe(`ghcr.io/${expression('github.repository_owner')}/rm5-site`)
    const kustomization = parse(readFileSync('deploy/kubernetes/base/kustomization.yaml', 'utf8')) as {
      images: { newName: string }[]
    }
    // `merge`: the app's image comes from the compose file's `x-site-image` anchor.
    const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true }) as {
      services: Record<string, { image?: string }>
    }
    const published = /^ghcr\.io\/[a-z0-9-]+\/rm5-site$/
    expect(kustomization.images[0]?.newName).toMatch(published)
    expect(compose.services.app?.image?.split(':')[0]).toBe(kustomization.images[0]?.newName)
  })
})
