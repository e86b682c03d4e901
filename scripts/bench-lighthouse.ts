// `npm run bench:lighthouse`: Lighthouse 12, mobile preset with simulated throttling, on every
// pre-rendered public page of the production build (served by the real server, as `npm start`).
// Prints performance, LCP, CLS and TBT per page. A benchmark, not a test: it asserts nothing.
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import { printLighthouseDetails } from './bench/lighthouse-details'
import { ensureBuild, startSite } from './bench/server'
import { root } from './build'

if (process.argv.includes('--help')) {
  console.log(`Usage: npm run bench:lighthouse [-- /path ...]

Runs Lighthouse (mobile, simulated throttling) against the production server on every public page,
or only the paths given. Chromium from CHROME_PATH (default /usr/bin/chromium).
  --details   also print, per page, the LCP element, its phases and the render-blocking requests`)
  process.exit(0)
}

function publicPages(): string[] {
  const clientDir = path.join(root, 'dist/client')
  const pages = ['/']
  for (const name of readdirSync(clientDir).sort())
    if (existsSync(path.join(clientDir, name, 'index.html'))) pages.push(`/${name}`)
  return pages
}

/**
 * One Lighthouse run (default config: mobile form factor, simulated Lantern throttling). A run
 * whose trace could not be recorded (NO_NAVSTART, seen on the first page after Chromium starts,
 * about one launch in three here) is run once more: it says nothing about the page.
 */
async function audit(url: string, port: number): Promise<Result | undefined> {
  let lhr: Result | undefined
  for (let attempt = 1; attempt <= 2; attempt++) {
    lhr = (await lighthouse(url, { port, onlyCategories: ['performance'], logLevel: 'error' }))?.lhr
    if (!lhr?.runtimeError) break
    if (attempt === 1) console.log(`${new URL(url).pathname}: ${lhr.runtimeError.code}, running it again`)
  }
  return lhr
}

async function main() {
  await ensureBuild()
  const only = process.argv.slice(2).filter((a) => a.startsWith('/'))
  const pages = only.length ? only : publicPages()
  const site = await startSite()
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-background-networking'],
  })
  const rows: Record<string, unknown>[] = []
  try {
    for (const page of pages) {
      const lhr = await audit(`${site.url}${page}`, chrome.port)
      const value = (id: string) => lhr?.audits[id]?.numericValue
      rows.push({
        page,
        performance: lhr?.categories.performance?.score ?? null,
        'LCP s': Number(((value('largest-contentful-paint') ?? 0) / 1000).toFixed(2)),
        CLS: Number((value('cumulative-layout-shift') ?? 0).toFixed(3)),
        'TBT ms': Math.round(value('total-blocking-time') ?? 0),
      })
      // A page Lighthouse could not score (e.g. NO_LCP) says why instead of printing zeros.
      const problem = lhr?.runtimeError?.message ?? lhr?.audits['largest-contentful-paint']?.errorMessage
      console.log(`${page} done${problem ? `: ${problem}` : ''}`)
      if (lhr && process.argv.includes('--details')) printLighthouseDetails(lhr)
    }
    console.table(rows)
  } finally {
    await chrome.kill()
    await site.stop()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error)
  process.exit(1)
})
