import { describe, expect, it } from 'vitest'
import { buildSourceOf, releaseVersion } from './version.server.ts'

const COMMIT = '0123456789abcdef0123456789abcdef01234567'

describe('releaseVersion', () => {
  it('is X.Y.Z only for a build from the tag vX.Y.Z', () => {
    expect(releaseVersion('2.1.0', { tag: 'v2.1.0', commit: COMMIT })).toBe('2.1.0')
  })

  it('is X.Y.Z-dev+<12 hex of the commit> for any other build', () => {
    expect(releaseVersion('2.1.0', { tag: null, commit: COMMIT })).toBe('2.1.0-dev+0123456789ab')
    expect(releaseVersion('2.1.0', { tag: 'v2.0.0', commit: COMMIT })).toBe('2.1.0-dev+0123456789ab')
    expect(releaseVersion('2.1.0', { tag: null, commit: null })).toBe('2.1.0-dev+unknown')
    expect(releaseVersion('2.1.0', { tag: null, commit: 'not a commit' })).toBe('2.1.0-dev+unknown')
  })
})

describe('buildSourceOf', () => {
  it('takes the tag and commit from RM5_RELEASE_TAG and RM5_COMMIT (the Docker build arguments)', () => {
    expect(buildSourceOf('/nonexistent', { RM5_RELEASE_TAG: 'v9.9.9', RM5_COMMIT: COMMIT })).toEqual({
      tag: 'v9.9.9',
      commit: COMMIT,
    })
  })

  it('has neither where there is no git and no build argument', () => {
    expect(buildSourceOf('/', {})).toEqual({ tag: null, commit: null })
  })
})
