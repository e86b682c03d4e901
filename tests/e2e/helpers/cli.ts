// Runs an admin CLI against the e2e server's embedded database (E2E_DATA_DIR, attached through
// pg.json exactly as an admin would while `npm start` runs); there is no test-only way in.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { E2E_DATA_DIR } from '../../../playwright.config.ts'

const root = join(import.meta.dirname, '..', '..', '..')

/** `npm run {script} -- ...args`; resolves with stdout, rejects with stderr on a non-zero exit. */
export function runCli(script: 'applications' | 'contact' | 'codes', args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/cli/${script}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '', NODE_ENV: 'production' },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0
        ? resolve(stdout)
        : reject(new Error(`npm run ${script} -- ${args[0]} failed (${code}): ${stderr}`)),
    )
  })
}

export async function exportJson(script: 'applications' | 'contact'): Promise<Record<string, unknown>[]> {
  return JSON.parse(await runCli(script, ['export', '--format', 'json']))
}
