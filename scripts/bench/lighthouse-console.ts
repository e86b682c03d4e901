// `node --import tsx scripts/bench/lighthouse-console.ts`: Lighthouse 12 (mobile preset, simulated
// throttling) on the admin console's overview and a document's engagement page, signed in as an
// owner, on the production server with a fresh data dir. An owner is added and signed in with the
// link `rm5 admins link` prints; a three-page PDF is added with `rm5 documents add`. Prints the
// performance and accessibility scores per page (medians of --runs). A benchmark: asserts nothing.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { root } from '../run/build.ts'
import { median } from './median.ts'
import { ensureBuild, type Running, startSite } from './server.ts'

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '1' } } })
const runs = Number(args.runs)

const rm5 = (site: Running, cli: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'bin/rm5.js', ...cli], {
    cwd: root,
    env: site.env,
    encoding: 'utf8',
  })

/** An owner's console cookie (name=value), signed in with a printed link. */
async function signIn(site: Running): Promise<string> {
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

async function addDeck(site: Running): Promise<string> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  for (let n = 1; n <= 3; n++)
    pdf.addPage([595, 842]).drawText(`Page ${n}`, { x: 72, y: 760, size: 14, font })
  const file = path.join(tmpdir(), `bench-deck-${process.pid}.pdf`)
  writeFileSync(file, await pdf.save())
  return JSON.parse(rm5(site, ['documents', 'add', 'circlek', file, '--title', 'Bench deck', '--json'])).id
}

await ensureBuild()
const site = await startSite()
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
})
try {
  const cookie = await signIn(site)
  const deck = await addDeck(site)
  for (const page of ['/admin', `/admin/documents/${deck}/engagement`]) {
    const scores: { performance: number; accessibility: number }[] = []
    for (let run = 0; run < runs; run++) {
      const lhr = (
        await lighthouse(`${site.url}${page}`, {
          port: chrome.port,
          onlyCategories: ['performance', 'accessibility'],
          logLevel: 'error',
          extraHeaders: { Cookie: cookie },
        })
      )?.lhr
      if (!lhr || lhr.runtimeError) throw new Error(`${page}: ${lhr?.runtimeError?.message ?? 'no result'}`)
      scores.push({
        performance: lhr.categories.performance?.score ?? 0,
        accessibility: lhr.categories.accessibility?.score ?? 0,
      })
      const failing = Object.values(lhr.audits).filter(
        (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
      )
      if (failing.length) console.log(`${page} run ${run + 1} fails: ${failing.map((a) => a.id).join(', ')}`)
    }
    console.log(
      `${page.replace(deck, ':id')}: performance ${median(scores.map((s) => s.performance))}, accessibility ${median(scores.map((s) => s.accessibility))} (median of ${runs})`,
    )
  }
} finally {
  await chrome.kill()
  await site.stop()
}
