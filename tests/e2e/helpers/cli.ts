// Runs the admin CLI against the e2e server's embedded services (E2E_DATA_DIR, attached through
// pg.json exactly as an admin would while `npm start` runs); there is no test-only way in.
import { E2E_DATA_DIR } from '../../../playwright.config.ts'
import { outputOf, runRm5 } from '../../helpers/run-cli.ts'

/** `rm5 ...args`; resolves with stdout, rejects with stderr on a non-zero exit. */
export async function rm5(args: string[]): Promise<string> {
  const run = await runRm5(args, { DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '', NODE_ENV: 'production' })
  return outputOf(run, `rm5 ${args.slice(0, 2).join(' ')}`)
}

/** `rm5 {command} ...args`. */
export const runCli = (command: 'applications' | 'contact' | 'codes', args: string[]) =>
  rm5([command, ...args])

export async function exportJson(script: 'applications' | 'contact'): Promise<Record<string, unknown>[]> {
  return JSON.parse(await runCli(script, ['export', '--format', 'json']))
}

/** A fresh code for a gate, valid two hours. */
export async function newCode(retailer: string, label: string): Promise<{ id: string; code: string }> {
  return JSON.parse(await rm5(['codes', 'generate', retailer, '--label', label, '--expires', '2h', '--json']))
}
