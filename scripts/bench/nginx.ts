// nginx on loopback serving the same bytes as the site (reference-root.ts), the bench's first
// reference: what a static file server written in C answers on this machine. Identity bytes to
// requests without Accept-Encoding, the precompressed files to requests that accept them.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '../lib/free-port.ts'
import { hasCommand, stopChild } from './child.ts'
import type { Running } from './server.ts'

/**
 * One worker: the Node server is one process too, so the ratio compares one core against one core.
 *
 * Compressed pages: `gzip_static on` answers a gzip-accepting request with the `.gz` file beside
 * the page. Debian's nginx has no brotli module (`nginx -V`), so `.br` is chosen the way the
 * brotli_static module would: a map on Accept-Encoding makes try_files look for `index.html.br`
 * first; a file found by try_files keeps its own extension (`br`, in no `types`), so
 * `default_type` gives it the page's type, and a map on the URI try_files settled on adds
 * `Content-Encoding: br` only when that file was the `.br` one (add_header skips empty values).
 * The server puts the charset in text/html and sends Vary on every page, so nginx does too.
 * The map accepts a bare `br` token, as browsers and the bench send it (no q-value).
 */
function config(prefix: string, port: number, root: string): string {
  return String.raw`worker_processes 1;
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
  map $http_accept_encoding $br_suffix {
    default "";
    "~*(^|[\s,])br\s*(,|$)" ".br";
  }
  map $uri $br_encoding {
    default "";
    "~\.br$" br;
  }
  server {
    listen 127.0.0.1:${port};
    root ${root};
    charset utf-8;
    gzip_static on;
    location / {
      default_type "text/html; charset=utf-8";
      add_header Vary Accept-Encoding;
      add_header Content-Encoding $br_encoding;
      try_files $uri/index.html$br_suffix $uri/index.html $uri =404;
    }
  }
}
`
}

/** nginx serving `root` (reference-root.ts), if nginx is installed. */
export async function startNginx(root: string): Promise<Running | undefined> {
  if (!hasCommand('nginx')) return undefined
  const prefix = mkdtempSync(path.join(tmpdir(), 'rm5-nginx-'))
  const port = await freePort()
  const conf = path.join(prefix, 'nginx.conf')
  writeFileSync(conf, config(prefix, port, root))
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
