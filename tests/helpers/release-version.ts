// What this checkout must report as its release, worked out from git here (not from
// server/version.server.ts, which it checks): `X.Y.Z` on the tag `vX.Y.Z` (the release workflow's
// run), `X.Y.Z-dev+<first 12 hex of the commit>` anywhere else.
import { execFileSync } from 'node:child_process'
import packageJson from '../../package.json' with { type: 'json' }

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim()

/** What a build of this commit says when it is not given the release tag. */
export const expectedDevVersion = () => `${packageJson.version}-dev+${git('rev-parse', 'HEAD').slice(0, 12)}`

export function expectedReleaseVersion(): string {
  const tags = git('tag', '--points-at', 'HEAD').split('\n')
  return tags.includes(`v${packageJson.version}`) ? packageJson.version : expectedDevVersion()
}
