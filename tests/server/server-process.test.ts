// The server's start settings (scripts/lib/server-process.ts) are the same wherever it starts:
// `npm start` and the Docker image say them in their own syntax, the bench imports them. So is
// the Node line: package.json's engines, the image's base and the Node CI runs (decision 033).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/lib/server-process.ts'
import { oldestNodeLine, PRODUCTION_NODE_LINE } from '../helpers/node-line.ts'

const root = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

/**
 * `KEY=value … node <flags> --import tsx script` of a package.json script: its leading variables
 * and node's flags (the TypeScript loader is how npm start runs, not a setting of the server).
 */
function splitNodeCommand(words: readonly string[]) {
  const node = words.indexOf('node')
  const env = Object.fromEntries(words.slice(0, node).map((word) => word.split('=', 2) as [string, string]))
  const flags: string[] = []
  for (let i = node + 1; i < words.length && words[i]?.startsWith('--'); i++) {
    if (words[i] === '--import') i++
    else flags.push(words[i] as string)
  }
  return { env, flags }
}

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
  it('npm start gives the server the same environment and Node flags', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start
    const { env, flags } = splitNodeCommand(start.split(/\s+/))
    expect(env).toEqual(SERVER_ENV)
    expect(flags).toEqual(SERVER_NODE_FLAGS)
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
