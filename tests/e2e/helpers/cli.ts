// Runs the admin CLI against the e2e server's embedded services (E2E_DATA_DIR, attached through
// pg.json exactly as an admin would while `npm start` runs); there is no test-only way in. The
// commands run in the test worker's own process (rm5Here: the program the binary runs, its
// parsing, errors and exit status), as the Vitest files that run many commands do: a spawned
// `rm5` costs about a CPU second before its work, and a browser test waits for each.
import pLimit from 'p-limit'
import { E2E_DATA_DIR } from '../../../playwright.config.ts'
import { rm5Here } from '../../helpers/rm5-here.ts'
import { outputOf, runRm5 } from '../../helpers/run-cli.ts'

const E2E_CLI_ENV = { DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '', NODE_ENV: 'production' }

// One command at a time: a command in this process sets the environment it reads for as long as
// it runs, and a test that asks for several at once (Promise.all) gets them one after another.
const oneAtATime = pLimit(1)

/** `rm5 ...args`; resolves with stdout, rejects with stderr on a non-zero exit. */
export async function rm5(args: string[]): Promise<string> {
  const run = await oneAtATime(() => rm5Here(args, E2E_CLI_ENV))
  return outputOf(run, `rm5 ${args.slice(0, 2).join(' ')}`)
}

/** `rm5 {command} ...args`. */
export const runCli = (command: 'applications' | 'contact' | 'codes', args: string[]) =>
  rm5([command, ...args])

/**
 * `rm5 {script} export --format json`, spawned: an export streams to standard output itself,
 * which only a process of its own can capture.
 */
export async function exportJson(script: 'applications' | 'contact'): Promise<Record<string, unknown>[]> {
  const run = await runRm5([script, 'export', '--format', 'json'], E2E_CLI_ENV)
  return JSON.parse(outputOf(run, `rm5 ${script} export`))
}

/** A fresh code for a gate, valid two hours. */
export async function newCode(retailer: string, label: string): Promise<{ id: string; code: string }> {
  return JSON.parse(await rm5(['codes', 'generate', retailer, '--label', label, '--expires', '2h', '--json']))
}
