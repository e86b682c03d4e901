// `rm5 <args>` against the e2e server's embedded services (E2E_DATA_DIR, attached through pg.json
// as an admin's CLI attaches to a running `npm start`): the data room is filled the admin's way.
import { E2E_DATA_DIR } from '../../../playwright.config.ts'
import { runRm5 } from '../../helpers/run-cli.ts'

/** Resolves with standard output; rejects with standard error on a non-zero exit. */
export async function rm5(args: string[]): Promise<string> {
  const run = await runRm5(args, { DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '', NODE_ENV: 'production' })
  if (run.code !== 0) throw new Error(`rm5 ${args.slice(0, 2).join(' ')} failed (${run.code}): ${run.stderr}`)
  return run.stdout
}

/** A fresh code for a gate, valid two hours. */
export async function newCode(retailer: string, label: string): Promise<{ id: string; code: string }> {
  return JSON.parse(await rm5(['codes', 'generate', retailer, '--label', label, '--expires', '2h', '--json']))
}
