// The server's start settings (scripts/lib/server-process.ts) are the same wherever it starts:
// the Docker image says them in its own syntax, `npm start`'s launcher and the bench import them. So is
// the Node line: package.json's engines, the image's base and the Node CI runs (decision 033).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/lib/server-process.ts'
import { oldestNodeLine, PRODUCTION_NODE_LINE } from '../helpers/node-line.ts'

const root = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

/** Every `ENV KEY=value …` pair of a Dockerfile's last stage, and its exec-form CMD. */
function dockerfileRuntime(dockerfile: string) {
  const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))
  const env: Record<string, string> = {}
  for (const line of lastStage.split('\n').filter((l) => l.startsWith('ENV ')))
    for (const pair of line.slice(4).trim().split(/\s+/)) {
      const [key, value] = pair.split('=', 2) as [string, string]
      env[key] = value
    }
  const cmd = lastStage.split('\n').find((l) => l.startsWith('CMD '))
  return { env, cmd: JSON.parse(cmd?.slice(4) ?? '[]') as string[] }
}

describe('server start settings', () => {
  it('npm start runs plain node on the launcher, which starts the server with these settings', () => {
    // No TypeScript loader in the process that becomes the server, and `exec`: npm's shell
    // becomes the launcher, so the signals npm forwards to its child reach the server (decision 064).
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start
    expect(start).toBe('exec node scripts/run/launch.mjs')
    // The launcher passes the settings on as they are (tests/reliability/launcher.test.ts reads
    // them back from the running server).
    const launcher = read('scripts/run/launch.mjs')
    expect(launcher).toContain(
      "const { SERVER_ENV, SERVER_NODE_FLAGS } = await import('../lib/server-process.ts')",
    )
    expect(launcher).toContain('...SERVER_NODE_FLAGS')
    expect(launcher).toContain('...SERVER_ENV')
  })

  it('the Docker image runs the server with the same environment and Node flags', () => {
    const { env, cmd } = dockerfileRuntime(read('Dockerfile'))
    expect(env).toMatchObject(SERVER_ENV)
    expect(cmd).toEqual(['node', ...SERVER_NODE_FLAGS, 'dist/node/start.mjs', '--no-build'])
  })

  it('the Docker image and CI run one Node line, which package.json engines accept', () => {
    const line = PRODUCTION_NODE_LINE
    expect(read('Dockerfile')).toContain(`\nARG NODE_VERSION=${line}\n`)
    expect(read('.ci/node.sh')).toContain(`WANT=\${NODE_LINE:-${line}}`)
    expect(read('.ci/stand-in-base-image.sh')).toContain(`TAG=\${TAG:-node:${line}-bookworm-slim}`)
    expect(Number(line)).toBeGreaterThanOrEqual(Number(oldestNodeLine()))
  })

  it('CI runs the whole Vitest suite on the oldest line engines accept as well', () => {
    expect(oldestNodeLine()).not.toBe(PRODUCTION_NODE_LINE)
    const ci = read('.ci/run')
    expect(ci).toContain(
      `PATH="$(NODE_LINE=${oldestNodeLine()} bash .ci/node.sh):$PATH" node node_modules/vitest/vitest.mjs run`,
    )
    // The whole suite: the stage passes no filter (no --exclude) to Vitest.
    expect(ci).toMatch(
      new RegExp(`^stage "vitest on node ${oldestNodeLine()}" vitest_on_${oldestNodeLine()}$`, 'm'),
    )
  })
})
