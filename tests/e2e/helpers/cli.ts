// Runs an admin CLI against the e2e server's embedded database (E2E_DATA_DIR, attached through
// pg.json exactly as an admin would while `npm start` runs); there is no test-only way in.
import { E2E_DATA_DIR } from '../../../playwright.config.ts'
import { outputOf, runRm5 } from '../../helpers/run-cli.ts'

/** `rm5 {command} ...args`; resolves with stdout, rejects with stderr on a non-zero exit. */
export async function runCli(command: 'applications' | 'contact' | 'codes', args: string[]): Promise<string> {
  const run = await runRm5([command, ...args], {
    DATA_DIR: E2E_DATA_DIR,
    DATABASE_URL: '',
    NODE_ENV: 'production',
  })
  return outputOf(run, `rm5 ${command} ${args[0]}`)
}

export async function exportJson(script: 'applications' | 'contact'): Promise<Record<string, unknown>[]> {
  return JSON.parse(await runCli(script, ['export', '--format', 'json']))
}
