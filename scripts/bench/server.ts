// Starts what the benchmarks measure: the production server (a child process with embedded
// Postgres/S3 in a temp DATA_DIR) and, when installed, nginx serving the same dist/client bytes.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { build, root } from '../build'
import { isBuildCurrent } from '../build/stamp'
import { freePort } from '../lib/free-port'

export interface Running {
  url: string
  pid: number
  env: NodeJS.ProcessEnv
  stop: () => Promise<void>
}

export async function ensureBuild(): Promise<void> {
  if (!isBuildCurrent(root)) await build()
}

/** RSS in MB of a process, from /proc (Linux only; undefined elsewhere). */
export function rssMb(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Math.round(Number(match[1]) / 1024) : undefined
  } catch {
    return undefined
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    const force = setTimeout(() => child.kill('SIGKILL'), 20_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/**
 * The production server as the Docker image runs it: the bundle (dist/node/start.mjs, decision
 * 010) with --no-build, as a direct child so its pid is the server's for RSS.
 */
export async function startSite(extraEnv: NodeJS.ProcessEnv = {}): Promise<Running> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rm5-bench-'))
  const port = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // As `npm start` and the Docker image run it (package.json, Dockerfile; decision 008).
    MALLOC_MMAP_THRESHOLD_: '131072',
    ...extraEnv,
  }
  const child = spawn(process.execPath, ['dist/node/start.mjs', '--no-build'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000)
  }
  child.stderr?.on('data', collect)
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      collect(chunk)
      const match = /RM5 site ready at (http:\/\/\S+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)))
  })
  return {
    url,
    pid: child.pid ?? 0,
    env,
    stop: async () => {
      await stopChild(child)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

function hasNginx(): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v nginx'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/**
 * nginx on loopback serving dist/client as it is (identity bytes, like the server without
 * Accept-Encoding). One worker: the Node server is one process too, so the ratio compares
 * one core against one core.
 */
export async function startNginx(): Promise<Running | undefined> {
  if (!hasNginx()) return undefined
  const prefix = mkdtempSync(path.join(tmpdir(), 'rm5-nginx-'))
  const port = await freePort()
  const conf = path.join(prefix, 'nginx.conf')
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${prefix};
  proxy_temp_path ${prefix};
  fastcgi_temp_path ${prefix};
  uwsgi_temp_path ${prefix};
  scgi_temp_path ${prefix};
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${path.join(root, 'dist/client')};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  )
  const child = spawn('nginx', ['-p', prefix, '-c', conf], { stdio: 'ignore' })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 50; i++) {
    const ok = await fetch(`${url}/`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    pid: child.pid ?? 0,
    env: {},
    stop: async () => {
      await stopChild(child)
      rmSync(prefix, { recursive: true, force: true })
    },
  }
}
