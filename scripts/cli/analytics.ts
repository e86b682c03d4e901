// `rm5 analytics summary|pages|sources|goals`: the console's Visitors page in a terminal (decision
// 065). Only parses and prints: the figures come from the same service as the page
// (server/analytics/report.server.ts), and --csv writes the same files as its CSV links.
import { Command, Option } from 'commander'
import type { AnalyticsReport, Conversion, Ranked } from '../../server/analytics/report.server.ts'
import type { TableName } from '../../server/analytics/tables.server.ts'
import { type CliOutput, stdio } from '../lib/cli.ts'
import { DATABASE_HELP, withDatabase } from '../lib/cli-database.ts'
import { CliError } from '../lib/cli-error.ts'
import { jsonOption } from '../lib/cli-options.ts'
import { type Column, table } from './codes/table.ts'

interface Values {
  since?: string
  until?: string
  json?: boolean
  csv?: boolean
}

type View = 'summary' | 'pages' | 'sources' | 'goals'

const count = (value: number) => String(value)
const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`

const named = (key: string, rows: readonly Ranked[]) =>
  rows.map((row) => ({ [key]: row.value, visitors: row.visitors, views: row.views }))
const conversions = (key: string, rows: readonly Conversion[]) =>
  rows.map(({ value, ...figures }) => ({ [key]: value, ...figures }))

const rankedColumns = (header: string): Column<Ranked>[] => [
  { header, value: (row) => row.value },
  { header: 'VISITORS', value: (row) => count(row.visitors) },
  { header: 'VIEWS', value: (row) => count(row.views) },
]

/** What each view prints as JSON, which table its --csv writes, and its text. */
const VIEWS: Record<
  View,
  { csv: TableName; json(report: AnalyticsReport): unknown; text(report: AnalyticsReport): string }
> = {
  summary: {
    csv: 'days',
    json: (report) => ({
      period: report.period,
      totals: report.totals,
      days: report.visitorsPerDay.days.map((entry, index) => ({
        day: entry.day,
        visitors: entry.count,
        views: report.viewsPerDay.days[index]?.count ?? 0,
      })),
    }),
    text: (report) => {
      const { totals } = report
      const lines = [
        `${count(totals.visitors)} visitors, ${count(totals.views)} page views, ${count(totals.applications)} applications` +
          `${totals.visitors ? ` (${percent(totals.applications / totals.visitors)} of visitors)` : ''}, ` +
          `${count(totals.contacts)} contact messages, ${count(totals.gates)} gates opened`,
        '',
      ]
      const days = report.visitorsPerDay.days.map((entry, index) => ({
        day: entry.day,
        visitors: entry.count,
        views: report.viewsPerDay.days[index]?.count ?? 0,
      }))
      lines.push(
        table(
          [
            { header: 'DAY', value: (row) => row.day },
            { header: 'VISITORS', value: (row) => count(row.visitors) },
            { header: 'VIEWS', value: (row) => count(row.views) },
          ],
          days,
        ),
      )
      return lines.join('\n')
    },
  },
  pages: {
    csv: 'pages',
    json: (report) => ({ period: report.period, pages: named('page', report.pages) }),
    text: (report) => (report.pages.length ? table(rankedColumns('PAGE'), report.pages) : 'No page views.'),
  },
  sources: {
    csv: 'sources',
    json: (report) => ({
      period: report.period,
      sources: named('source', report.sources),
      referrers: named('referrer', report.referrers),
      utmSources: named('utmSource', report.utmSources),
      utmMediums: named('utmMedium', report.utmMediums),
      utmCampaigns: named('utmCampaign', report.utmCampaigns),
    }),
    text: (report) =>
      report.sources.length ? table(rankedColumns('SOURCE'), report.sources) : 'No page views.',
  },
  goals: {
    csv: 'conversions',
    json: (report) => ({
      period: report.period,
      totals: {
        applications: report.totals.applications,
        contacts: report.totals.contacts,
        gates: report.totals.gates,
      },
      sources: conversions('source', report.conversions),
      entryPages: conversions('page', report.entryPages),
    }),
    text: (report) =>
      report.conversions.length
        ? table(
            [
              { header: 'SOURCE', value: (row) => row.value },
              { header: 'VISITORS', value: (row) => count(row.visitors) },
              { header: 'APPLICATIONS', value: (row) => count(row.applications) },
              { header: 'CONVERSION', value: (row) => percent(row.applicationRate) },
              { header: 'MESSAGES', value: (row) => count(row.contacts) },
              { header: 'GATES', value: (row) => count(row.gates) },
            ],
            report.conversions,
          )
        : 'No visitors.',
  },
}

async function show(output: CliOutput, view: View, values: Values) {
  const { periodBetween, PeriodError } = await import('../../server/analytics/period.server.ts')
  let period: ReturnType<typeof periodBetween>
  try {
    period = periodBetween(values.since, values.until, new Date())
  } catch (error) {
    if (error instanceof PeriodError) throw new CliError(error.message, 2)
    throw error
  }
  await withDatabase(async ({ prisma }) => {
    // Loaded only when run, so that help and usage errors answer at once.
    const { analyticsReport } = await import('../../server/analytics/report.server.ts')
    const { TABLES, tableCsv } = await import('../../server/analytics/tables.server.ts')
    const report = await analyticsReport(prisma, period)
    const shown = VIEWS[view]
    if (values.json) output.out(`${JSON.stringify(shown.json(report))}\n`)
    else if (values.csv) process.stdout.write(tableCsv(TABLES[shown.csv](report)))
    else {
      output.err(`${period.since} to ${period.until} (UTC)\n`)
      output.out(`${shown.text(report)}\n`)
    }
  })
}

const SUMMARIES: Record<View, string> = {
  summary: 'Visitors, page views and goals in total and per day',
  pages: 'The pages read most: visitors and views per page',
  sources: 'Where visitors came from: source (UTM or referring site), visitors, views',
  goals: 'Applications, contact messages and gates opened by the source of the visit',
}

export function command(output: CliOutput = stdio): Command {
  const analytics = new Command('analytics')
    .description(
      `Visitors of the public pages, counted by the server without cookies (docs/operations.md,
"Visitor analytics"): the figures of the console's Visitors page. A period is whole UTC days, both
ends included; by default the 30 days ending today.`,
    )
    .addHelpText('after', `\n${DATABASE_HELP}`)
  for (const view of Object.keys(VIEWS) as View[]) {
    analytics
      .command(view)
      .summary(SUMMARIES[view])
      .option('--since <date>', 'First day of the period (2026-11-01, UTC)')
      .option('--until <date>', 'Last day of the period (default: today, UTC)')
      .addOption(jsonOption().conflicts('csv'))
      .addOption(new Option('--csv', 'Print CSV (RFC 4180), as the console downloads it'))
      .action((values: Values) => show(output, view, values))
  }
  return analytics
}
