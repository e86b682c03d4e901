// `/` at rest and while viewers open a large PDF (issue 34, point 3): the public site must stay
// fast while documents are stamped. The bench generates a 300-page deck, stores it for circlek
// and gives every viewer a code of their own (a label each, so each view is a stamp of its own,
// never one kept from another viewer). Then wrk loads `/` twice, the same way: once with nothing
// else running, once while waves of 8 viewers open the deck at the same moment (its page, then
// the whole stamped file, as the browser's viewer fetches it), one wave after another until wrk's
// run ends, so the whole run is under that load. The pair is repeated in rounds, each with viewers
// of its own, and the ratio is read within each round: on a shared machine the speed available
// drifts within seconds, and one pair alone reads that drift as much as the site.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { root } from '../run/build.ts'
import { circlekCookie, ip } from './api-requests.ts'
import { benchPdf } from './bench-pdf.ts'
import { median } from './median.ts'
import type { Running } from './server.ts'
import { type WrkResult, wrk } from './wrk.ts'

export const DECK_PAGES = 300
export const VIEWERS_AT_ONCE = 8

interface Setup {
  documentId: string
  pages: number
  codes: string[]
}

/** The deck stored for circlek and one code per viewer, by the setup child on the site's data. */
async function setUp(site: Running, viewers: number): Promise<Setup> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rm5-bench-deck-'))
  try {
    const file = path.join(dir, 'deck.pdf')
    writeFileSync(file, await benchPdf(DECK_PAGES))
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/bench/document-viewers-setup.ts', file, String(viewers)],
      { cwd: root, env: site.env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    )
    const line = /SETUP_JSON (\{.*\})/.exec(out)?.[1]
    if (!line) throw new Error(`document setup printed no result:\n${out}`)
    return JSON.parse(line) as Setup
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * One viewer opening the deck: its page (stamped before it is sent), then the whole file. Its
 * time, or undefined when the page answered 503 (its stamp went over the pool's time limit: the
 * designed "cannot be shown right now" page).
 */
async function openDeck(
  site: Running,
  documentId: string,
  cookie: string,
  client: string,
): Promise<number | undefined> {
  const started = performance.now()
  const headers = { cookie, 'x-forwarded-for': client }
  const page = await fetch(`${site.url}/docket/documents/${documentId}`, { headers })
  await page.arrayBuffer()
  if (page.status === 503) return undefined
  if (page.status !== 200) throw new Error(`the deck's page answered ${page.status}`)
  const file = await fetch(`${site.url}/docket/documents/${documentId}/file`, { headers })
  const bytes = await file.arrayBuffer()
  if (file.status !== 200 || bytes.byteLength === 0)
    throw new Error(`the deck's file answered ${file.status}`)
  return performance.now() - started
}

/** One round: `/` at rest, then under the waves, side by side in time. */
export interface DocumentLoadRound {
  atRest: WrkResult
  underLoad: WrkResult
  /** Waves of viewers that opened the deck during the loaded run. */
  waves: number
  /** Share of the loaded run during which a wave was opening the deck (1 = all of it). */
  covered: number
  /** Each viewer's open (page and file) in ms; undefined when answered "cannot be shown". */
  opens: (number | undefined)[]
}

export interface DocumentLoad {
  rounds: DocumentLoadRound[]
  /** One viewer's open (page and file), median and slowest over every round, in ms. */
  openP50: number
  openMax: number
  /** Opens answered "cannot be shown right now" (the stamp over the pool's time limit). */
  unavailable: number
}

/** The p99 of `/` under load over its p99 at rest, within one round. */
export const p99Ratio = (round: DocumentLoadRound) => round.underLoad.p99 / round.atRest.p99

async function loadedRound(
  site: Running,
  run: { url: string; headers: Record<string, string>; duration: number },
  viewers: { documentId: string; cookies: string[]; first: number; client: (n: number) => string },
): Promise<DocumentLoadRound> {
  const atRest = await wrk(run)
  const opens: (number | undefined)[] = []
  let waves = 0
  let busyMs = 0
  let done = false
  const started = performance.now()
  const loaded = wrk(run).finally(() => {
    done = true
  })
  let next = viewers.first
  while (!done && next + VIEWERS_AT_ONCE <= viewers.cookies.length) {
    const wave = performance.now()
    const those = Array.from({ length: VIEWERS_AT_ONCE }, (_, i) => next + i)
    next += VIEWERS_AT_ONCE
    opens.push(
      ...(await Promise.all(
        those.map((n) => openDeck(site, viewers.documentId, viewers.cookies[n] ?? '', viewers.client(n))),
      )),
    )
    waves += 1
    busyMs += Math.min(performance.now(), started + run.duration * 1000) - wave
  }
  const underLoad = await loaded
  return {
    atRest,
    underLoad,
    waves,
    covered: Math.round((busyMs / (run.duration * 1000)) * 100) / 100,
    opens,
  }
}

export async function documentLoad(
  site: Running,
  options: { seconds: number; waves: number; rounds: number; headers: Record<string, string> },
): Promise<DocumentLoad> {
  // Viewers of its own for every round's waves, so every open in every round is a stamp of its
  // own; and one more: the first opens the deck before anything is measured, so the pool's first
  // worker process exists as it does on a server that has ever shown a PDF.
  const perRound = options.waves * VIEWERS_AT_ONCE
  const setup = await setUp(site, 1 + options.rounds * perRound)
  if (setup.pages !== DECK_PAGES) throw new Error(`the deck was stored with ${setup.pages} pages`)
  const cookies: string[] = []
  for (const [n, code] of setup.codes.entries()) {
    cookies.push(await circlekCookie(site.url, code, ip(300_000 + n)))
  }
  const client = (n: number) => ip(300_000 + n)
  await openDeck(site, setup.documentId, cookies[0] ?? '', client(0))

  const run = { url: `${site.url}/`, headers: options.headers, duration: options.seconds }
  await wrk({ ...run, duration: 2 })
  const rounds: DocumentLoadRound[] = []
  for (let round = 0; round < options.rounds; round++) {
    // A round's viewers end where its waves end: a wave never borrows the next round's viewers.
    const first = 1 + round * perRound
    const own = cookies.slice(0, first + perRound)
    rounds.push(await loadedRound(site, run, { documentId: setup.documentId, cookies: own, first, client }))
  }
  const shown = rounds.flatMap((r) => r.opens).filter((ms) => ms !== undefined)
  return {
    rounds,
    openP50: Math.round(median(shown)),
    openMax: Math.round(Math.max(...shown)),
    unavailable: rounds.flatMap((r) => r.opens).length - shown.length,
  }
}
