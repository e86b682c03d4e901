// The `rm5` entry (package.json bin): its own usage answers, and that a command's standard output
// holds only the command's output, as a script piping it needs.
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import packageJson from '../../package.json' with { type: 'json' }
import { expectedReleaseVersion } from '../helpers/release-version.ts'

const rm5 = (...args: string[]) =>
  spawnSync(process.execPath, ['bin/rm5.js', ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  })

describe('rm5', () => {
  it('lists its commands with --help on standard output, exit 0', () => {
    const run = rm5('--help')
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/^Usage: rm5 <command>/)
    for (const command of ['codes', 'applications', 'contact', 'media', 'db'])
      expect(run.stdout).toContain(command)
  })

  it('prints the release with --version (and -V), exit 0: X.Y.Z-dev+<commit> off a release tag', () => {
    for (const flag of ['--version', '-V']) {
      const run = rm5(flag)
      expect(run.status).toBe(0)
      expect(run.stdout).toBe(`${expectedReleaseVersion()}\n`)
    }
    expect(packageJson.version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/)
  })

  it('answers a missing or unknown command with a usage error (exit 2) on standard error', () => {
    const missing = rm5()
    expect(missing.status).toBe(2)
    expect(missing.stdout).toBe('')
    const typo = rm5('cods', 'list')
    expect(typo.status).toBe(2)
    expect(typo.stdout).toBe('')
    expect(typo.stderr).toBe(`rm5: unknown command 'cods' (Did you mean codes?); see "rm5 --help"\n`)
  })

  it('passes the remaining arguments to the command', () => {
    const run = rm5('codes', 'generate', '--help')
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/^Usage: rm5 codes generate \[options\] <retailer>/)
  })
})
