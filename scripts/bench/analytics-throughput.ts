// Public pages as a browser loads them (a navigation with a browser's user agent: what visitor
// analytics counts, decision 065), on servers started alike for this table, SERVERS_PER_SETTING
// with analytics on and as many with ANALYTICS=false, measured in the same A/B rounds as the
// references (each round starts with the next target in turn): the two rows' ratios against
// nginx say what counting costs a page, and a drift of the machine during the table moves both
// alike. Two servers per setting because two processes started alike differ in speed for their
// whole life, by as much as counting costs: with one of each, the table would compare two
// processes, not two settings. (The main site has served the other tables and holds their
// sessions: it is left out, so nothing but the setting differs.)
import {
  asSite,
  type Measured,
  measure,
  type Rounds,
  ratio,
  roundRatios,
  TABLE_HEADER,
  type Target,
  type TargetName,
  tableRow,
} from './rounds.ts'
import { type Running, startSite } from './server.ts'
import { PRERENDERED_PAGES, type Subject } from './subjects.ts'

/** What Chrome sends with a navigation, less what the site ignores. */
const BROWSER_NAVIGATION = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'sec-fetch-dest': 'document',
  'sec-fetch-mode': 'navigate',
}

const navigation = (path: string): Subject => ({
  label: `\`${path}\` br, a browser's navigation`,
  path,
  encoding: 'br',
  headers: BROWSER_NAVIGATION,
})

const SPREAD_HEADER = [
  '| path | site ÷ nginx, analytics on: median (rounds) | analytics off: median (rounds) | on within the rounds of off |',
  '| --- | ---: | ---: | --- |',
]

/** A median and the lowest and highest of the rounds' ratios against nginx. */
function spreadCell(m: Measured): string {
  const rounds = roundRatios(m, 'nginx')
  if (!rounds.length) return '—'
  return `${ratio(m, 'nginx')?.toFixed(2)} (${Math.min(...rounds).toFixed(2)}–${Math.max(...rounds).toFixed(2)})`
}

/** One row of the second table: whether analytics on stays within the spread of analytics off. */
function spreadRow(path: string, on: Measured, off: Measured): string {
  const offRounds = roundRatios(off, 'nginx')
  const onMedian = ratio(on, 'nginx')
  const within =
    onMedian === undefined || !offRounds.length
      ? '—'
      : onMedian >= Math.min(...offRounds) && onMedian <= Math.max(...offRounds)
        ? 'yes'
        : 'no'
  return `| \`${path}\` | ${spreadCell(on)} | ${spreadCell(off)} | ${within} |`
}

const SERVERS_PER_SETTING = 2

/** The servers of one setting, started alike, as targets of the rounds; each is added to `servers`. */
async function startSetting(analytics: 'on' | 'off', servers: Running[]): Promise<Target[]> {
  const targets: Target[] = []
  for (let index = 1; index <= SERVERS_PER_SETTING; index++) {
    const server = await startSite({ TRUST_PROXY: 'true', ANALYTICS: String(analytics === 'on') })
    servers.push(server)
    targets.push({ name: `site-analytics-${analytics}-${index}`, url: server.url })
  }
  return targets
}

const namesOf = (targets: readonly Target[]): TargetName[] => targets.map((target) => target.name)
const urlsOf = (targets: readonly Target[]): string => targets.map((target) => target.url).join(', ')

/** The references serve the bytes the main site answered for these paths in br (referenceRoot). */
export async function printAnalyticsThroughput(references: readonly Target[], rounds: Rounds): Promise<void> {
  const servers: Running[] = []
  try {
    const on = await startSetting('on', servers)
    const off = await startSetting('off', servers)
    console.log(
      `\nVisitor analytics on (${urlsOf(on)}) and off (ANALYTICS=false, ${urlsOf(off)}): each row's site is the ${SERVERS_PER_SETTING} servers of its setting, against the same references\n`,
    )
    console.log(TABLE_HEADER.join('\n'))
    const spread: string[] = []
    for (const path of PRERENDERED_PAGES) {
      const both = await measure(navigation(path), [...on, ...off, ...references], rounds)
      const withAnalytics = asSite(both, namesOf(on), `${both.subject.label}, analytics on`)
      const without = asSite(both, namesOf(off), `${both.subject.label}, analytics off`)
      console.log(tableRow(withAnalytics))
      console.log(tableRow(without))
      spread.push(spreadRow(path, withAnalytics, without))
    }
    console.log(
      `\nEach path's site ÷ nginx with analytics on and off, and the lowest–highest of its rounds\n`,
    )
    console.log([...SPREAD_HEADER, ...spread].join('\n'))
  } finally {
    await Promise.allSettled(servers.map((server) => server.stop()))
  }
}
