// The release this code is (package.json, semantic versioning: docs/upgrading.md), and whether this
// build is that release: only a build made from its tag `vX.Y.Z` says `X.Y.Z`; any other build says
// `X.Y.Z-dev+<commit>`, so a build from main is never mistaken for the release it follows
// (docs/releasing.md). The server bundle carries what it was built from (scripts/run/build/
// server-bundle.ts defines it); run from sources (tsx), the checkout's git says it.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import packageJson from '../package.json' with { type: 'json' }

/** What a build was made from: the release tag at its commit (if any) and the commit. */
export interface BuildSource {
  tag: string | null
  commit: string | null
}

declare const __RM5_BUILD_SOURCE__: BuildSource | undefined

/** `X.Y.Z` for a build from the tag `vX.Y.Z`, `X.Y.Z-dev+<commit>` (semver build metadata) otherwise. */
export function releaseVersion(base: string, source: BuildSource): string {
  if (source.tag === `v${base}`) return base
  const commit = source.commit?.match(/^[0-9a-f]{7,40}$/i) ? source.commit.slice(0, 12) : 'unknown'
  return `${base}-dev+${commit}`
}

function git(root: string, args: string[]): string | null {
  try {
    return execFileSync('git', args, {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  } catch {
    return null
  }
}

/**
 * What the code in `root` is built from: RM5_RELEASE_TAG and RM5_COMMIT when set (the Docker build
 * gets them as build arguments: .git is not in its context), else the checkout's git.
 */
export function buildSourceOf(root: string, env: NodeJS.ProcessEnv = process.env): BuildSource {
  const commit = env.RM5_COMMIT || git(root, ['rev-parse', 'HEAD'])
  const tag =
    env.RM5_RELEASE_TAG ||
    git(root, ['tag', '--points-at', 'HEAD'])
      ?.split('\n')
      .find((name) => name === `v${packageJson.version}`) ||
    null
  return { tag, commit: commit || null }
}

const source: BuildSource =
  typeof __RM5_BUILD_SOURCE__ !== 'undefined'
    ? __RM5_BUILD_SOURCE__
    : buildSourceOf(fileURLToPath(new URL('..', import.meta.url)))

export const VERSION: string = releaseVersion(packageJson.version, source)
