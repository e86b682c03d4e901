// The console as the benchmarks see it: an owner signed in with the link `rm5 admins link`
// prints (its session cookie), and a three-page PDF added with `rm5 documents add` whose
// engagement page they open. The CLI runs against the benchmark site's own data dir.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { root } from '../run/build.ts'
import { benchPdf } from './bench-pdf.ts'
import type { Running } from './server.ts'

const rm5 = (site: Running, cli: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'bin/rm5.js', ...cli], {
    cwd: root,
    env: site.env,
    encoding: 'utf8',
    // stderr kept from the bench's table (the link's notice), and in the error when a command fails.
    stdio: ['ignore', 'pipe', 'pipe'],
  })

/** An owner's console cookie (name=value), signed in with a printed link. */
export async function consoleOwnerCookie(site: Running): Promise<string> {
  rm5(site, ['admins', 'add', 'bench@example.com', '--role', 'owner'])
  const token = new URL(rm5(site, ['admins', 'link', 'bench@example.com']).trim()).searchParams.get('token')
  const response = await fetch(`${site.url}/admin/sign-in/link`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: token ?? '' }),
    redirect: 'manual',
  })
  const cookie = response.headers.getSetCookie()[0]?.split(';', 1)[0]
  if (!cookie) throw new Error(`sign-in answered ${response.status}`)
  return cookie
}

/** The console pages measured, signed in: the overview and a new deck's engagement page. */
export async function consolePages(site: Running): Promise<{ path: string; label: string }[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rm5-bench-console-'))
  try {
    const file = path.join(dir, 'deck.pdf')
    writeFileSync(file, await benchPdf(3))
    const added = rm5(site, ['documents', 'add', 'circlek', file, '--title', 'Bench deck', '--json'])
    const id: string = JSON.parse(added).id
    return [
      { path: '/admin', label: '/admin' },
      { path: `/admin/documents/${id}/engagement`, label: '/admin/documents/:id/engagement' },
    ]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
