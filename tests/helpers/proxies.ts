// Real reverse proxies on loopback for the client-identity tests: Caddy from Debian running the
// repository's own deploy/Caddyfile, and nginx standing in for a load balancer or CDN in front of
// it (it appends to X-Forwarded-For, as those do). Both must be installed (.ci/run installs them).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freePort } from '../../scripts/lib/free-port.ts'

export interface RunningProxy {
  port: number
  stop(): Promise<void>
}

const CADDYFILE = resolve(import.meta.dirname, '../../deploy/Caddyfile')

function require(command: string, install: string) {
  if (spawnSync(command, ['-v'], { stdio: 'ignore' }).error) {
    throw new Error(`${command} is not installed: ${install}`)
  }
}

async function untilListening(port: number, child: ChildProcess, output: () => string) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`proxy exited (${child.exitCode}):\n${output()}`)
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      () => true,
      () => false,
    )
    if (up) return
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** A temporary folder and a free port for a proxy about to start. */
async function prepare(command: string, install: string, prefix: string) {
  require(command, install)
  return { dir: mkdtempSync(join(tmpdir(), prefix)), port: await freePort() }
}

/** Starts the proxy and resolves once it answers on port. */
async function run(
  command: string,
  args: string[],
  options: { dir: string; port: number; env?: NodeJS.ProcessEnv },
): Promise<RunningProxy> {
  let output = ''
  const child = spawn(command, args, options.env ? { env: options.env } : {})
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  await untilListening(options.port, child, () => output)
  return { port: options.port, stop: stopper(child, options.dir) }
}

function stopper(child: ChildProcess, dir: string) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  }
}

/** deploy/Caddyfile in front of the app on 127.0.0.1:upstreamPort. */
export async function startCaddy(upstreamPort: number, trustedProxies = ''): Promise<RunningProxy> {
  const { dir, port } = await prepare('caddy', 'apt-get install caddy', 'rm5-caddy-')
  return run('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    dir,
    port,
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      XDG_DATA_HOME: dir,
      XDG_CONFIG_HOME: dir,
      SITE_ADDRESS: `:${port}`,
      UPSTREAM_HOST: '127.0.0.1',
      UPSTREAM_PORT: String(upstreamPort),
      TRUSTED_PROXIES: trustedProxies,
      CADDY_ADMIN: 'off',
    },
  })
}

/**
 * Caddy with deploy/Caddyfile's reverse_proxy settings, finding its upstreams as deploy/Caddyfile
 * does (`dynamic a`, re-read every `refresh`), from the DNS server on dnsPort: a replica leaves
 * the rotation when the name stops resolving to it, with no config reload.
 */
export async function startCaddyOverDns(
  name: string,
  upstreamPort: number,
  dnsPort: number,
): Promise<RunningProxy> {
  const { dir, port } = await prepare('caddy', 'apt-get install caddy', 'rm5-caddy-dns-')
  const config = join(dir, 'Caddyfile')
  writeFileSync(
    config,
    `{
	admin off
}
:${port} {
	reverse_proxy {
		dynamic a ${name} ${upstreamPort} {
			refresh 1s
			resolvers 127.0.0.1:${dnsPort}
		}
		lb_policy round_robin
		lb_try_duration 5s
		fail_duration 10s
		transport http {
			dial_timeout 2s
			keepalive 30s
		}
	}
}
`,
  )
  return run('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
    dir,
    port,
    env: { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
  })
}

/** nginx on loopback forwarding to upstreamPort, appending the client to X-Forwarded-For. */
export async function startNginxBalancer(upstreamPort: number): Promise<RunningProxy> {
  const { dir, port } = await prepare('nginx', 'apt-get install nginx', 'rm5-lb-')
  const conf = join(dir, 'nginx.conf')
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://127.0.0.1:${upstreamPort};
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
  )
  return run('nginx', ['-p', dir, '-c', conf], { dir, port })
}
