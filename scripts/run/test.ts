// `npm test`: unit + integration (Vitest), then e2e in Chromium (Playwright) against the built
// production server. Playwright cannot download browsers here, so it uses the system Chromium.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { CHROMIUM_CANDIDATES } from '../../tests/helpers/chromium-path.ts'
import { isBuildCurrent } from './build/stamp.ts'
import { build, root } from './build.ts'
import { requireSupportedNode } from './node-line.js'

requireSupportedNode()

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  return result.status ?? 1
}

function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, ...CHROMIUM_CANDIDATES]
  return candidates.find((c): c is string => Boolean(c && existsSync(c)))
}

function ensureChromium(): string {
  let found = findChromium()
  if (!found && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing it from Debian (apt-get install chromium-headless-shell)…')
    run('apt-get', ['update', '-qq'])
    run('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell', 'fonts-liberation'], {
      ...process.env,
      DEBIAN_FRONTEND: 'noninteractive',
    })
    found = findChromium()
  }
  if (!found) {
    console.error(
      'No Chromium found. Install it (Debian: apt-get install chromium-headless-shell) or set CHROMIUM_PATH.',
    )
    process.exit(1)
  }
  return found
}

const only = process.argv[2]
const bin = (name: string) => `node_modules/.bin/${name}`
// Each stage's time, printed together at the end: the figures a slow suite is judged by.
const stages: string[] = []
async function timed<T>(stage: string, work: () => T | Promise<T>): Promise<T> {
  const started = performance.now()
  const result = await work()
  stages.push(`npm test: ${stage} took ${Math.round((performance.now() - started) / 1000)} s`)
  return result
}

let status = 0
// Integration tests serve the production pages, and e2e runs the production server: build first.
if (!isBuildCurrent(root)) await timed('build', () => build({ quiet: true }))
if (only !== 'e2e') status = await timed('vitest', () => run(bin('vitest'), ['run']))
if (status === 0 && only !== 'unit') {
  const chromium = ensureChromium()
  status = await timed('playwright', () =>
    run(bin('playwright'), ['test'], { ...process.env, CHROMIUM_PATH: chromium }),
  )
}
// CI reads the vitest line to decide what else fits in its time budget (.ci/run).
for (const line of stages) console.log(line)
process.exit(status)
