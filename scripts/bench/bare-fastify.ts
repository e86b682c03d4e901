// Starts bare-fastify-server.ts with the server's own start settings (scripts/lib/server-process.ts).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '../lib/free-port.ts'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../lib/server-process.ts'
import { root } from '../run/build.ts'
import { stopChild } from './child.ts'
import type { ReferenceFile } from './reference-root.ts'
import type { Running } from './server.ts'

export async function startBareFastify(files: readonly ReferenceFile[]): Promise<Running> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rm5-bare-'))
  const manifest = path.join(dir, 'manifest.json')
  writeFileSync(manifest, JSON.stringify(files))
  const port = await freePort()
  const env = { ...process.env, NODE_ENV: 'production', ...SERVER_ENV }
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', 'scripts/bench/bare-fastify-server.ts', manifest, String(port)],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`bare Fastify exited (${code}) before listening`)))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    env,
    stop: async () => {
      await stopChild(child)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
