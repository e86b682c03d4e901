// Runs an admin CLI against the e2e server's embedded database (.data-e2e, attached through
// pg.json exactly as an admin would while `npm start` runs).
import { spawn } from 'node:child_process'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..', '..')

export function exportJson(script: 'applications' | 'contact'): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', `scripts/${script}.ts`, 'export', '--format', 'json'],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: '.data-e2e', DATABASE_URL: '', NODE_ENV: 'production' },
      },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`npm run ${script} -- export failed (${code}): ${stderr}`))
      else resolve(JSON.parse(stdout))
    })
  })
}
