// What `kubectl kustomize` renders from deploy/kubernetes as an operator meets it: the tracked
// files alone (a clean clone: no generated or git-ignored file), and overlays in a folder outside
// that copy that name the base by relative path, as docs/kubernetes.md tells operators to.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseAllDocuments, stringify } from 'yaml'
import { commandAt } from './required-service.ts'

export const BASE = 'deploy/kubernetes'

export interface Manifest {
  apiVersion: string
  kind: string
  metadata: {
    name: string
    namespace?: string
    labels?: Record<string, string>
    annotations?: Record<string, string>
  }
  // biome-ignore lint/suspicious/noExplicitAny: manifests are checked field by field by the tests
  spec?: any
  data?: Record<string, string>
  automountServiceAccountToken?: boolean
}

export const kubectl = commandAt(
  'kubectl',
  ['version', '--client'],
  'https://kubernetes.io/docs/tasks/tools/',
)

/** A folder holding the tracked files of deploy/kubernetes (as `git ls-files` lists them) and nothing else. */
export function cleanCheckout(): { root: string; base: string; dispose(): void } {
  const root = mkdtempSync(path.join(tmpdir(), 'rm5-kustomize-'))
  const checkout = path.join(root, 'checkout')
  const tracked = execFileSync('git', ['ls-files', '-z', '--', BASE], { encoding: 'utf8' })
    .split('\0')
    .filter(Boolean)
  for (const file of tracked) {
    mkdirSync(path.dirname(path.join(checkout, file)), { recursive: true })
    cpSync(file, path.join(checkout, file))
  }
  return {
    root,
    base: path.join(checkout, BASE),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  }
}

/** The documents `kubectl apply -k dir` would send. */
export function kustomize(dir: string): Manifest[] {
  const output = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8' })
  return parseAllDocuments(output).map((doc) => doc.toJS() as Manifest)
}

/**
 * An operator's overlay in a folder beside the clean checkout (outside it): `kustomization` with
 * `base` standing for the relative path to deploy/kubernetes, plus any other files it names.
 */
export function renderOverlay(
  checkout: { root: string; base: string },
  kustomization: (base: string) => object,
  files: Record<string, string> = {},
): Manifest[] {
  const dir = mkdtempSync(path.join(checkout.root, 'overlay-'))
  writeFileSync(
    path.join(dir, 'kustomization.yaml'),
    stringify(kustomization(path.relative(dir, checkout.base))),
  )
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text)
  return kustomize(dir)
}
