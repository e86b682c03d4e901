// `rm5` on a Node older than package.json's engines: one line naming both versions, before
// anything that could crash loads (a native package segfaulted the process). Needs an older
// Node to run it with: the machine's own (Debian's /usr/bin/node) when it is one.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { oldestNodeLine } from '../helpers/node-line.ts'

const OLD_NODE = '/usr/bin/node'
const versionOf = (node: string) => spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()
const oldNode =
  existsSync(OLD_NODE) && Number(/^v(\d+)/.exec(versionOf(OLD_NODE))?.[1]) < Number(oldestNodeLine())
    ? OLD_NODE
    : undefined

describe.skipIf(!oldNode)(`rm5 on an older Node (${oldNode ?? 'none on this machine'})`, () => {
  it('says which Node it needs, in one line, and exits 1', () => {
    const run = spawnSync(oldNode ?? '', [join(import.meta.dirname, '../../bin/rm5.js'), 'codes', 'list'], {
      encoding: 'utf8',
    })
    expect(run.status).toBe(1)
    expect(run.stderr.trim()).toBe(
      `The RM5 site needs Node ${oldestNodeLine()} or later (package.json "engines"); this is Node ${versionOf(oldNode ?? '')}. Install Node ${oldestNodeLine()} or a newer line (https://nodejs.org) and run the command again.`,
    )
  })
})
