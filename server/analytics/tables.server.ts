// The report's tables by name, each with its columns: the console's CSV links and `rm5 analytics
// … --csv` write the same files (RFC 4180, server/csv/csv.server.ts).
import { type Cell, csvRecord } from '../csv/csv.server.ts'
import type { AnalyticsReport, Conversion, Ranked } from './report.server.ts'

export interface Table {
  columns: readonly string[]
  rows: readonly (readonly Cell[])[]
}

const rankedTable = (first: string, rows: readonly Ranked[]): Table => ({
  columns: [first, 'visitors', 'views'],
  rows: rows.map((row) => [row.value, row.visitors, row.views]),
})

const conversionTable = (first: string, rows: readonly Conversion[]): Table => ({
  columns: [first, 'visitors', 'applications', 'application_rate', 'contact_messages', 'gates_opened'],
  rows: rows.map((row) => [
    row.value,
    row.visitors,
    row.applications,
    Number(row.applicationRate.toFixed(4)),
    row.contacts,
    row.gates,
  ]),
})

export const TABLES = {
  days: (report: AnalyticsReport): Table => ({
    columns: ['day', 'visitors', 'views'],
    rows: report.visitorsPerDay.days.map((entry, index) => [
      entry.day,
      entry.count,
      report.viewsPerDay.days[index]?.count ?? 0,
    ]),
  }),
  pages: (report: AnalyticsReport) => rankedTable('page', report.pages),
  sources: (report: AnalyticsReport) => rankedTable('source', report.sources),
  referrers: (report: AnalyticsReport) => rankedTable('referrer', report.referrers),
  'utm-sources': (report: AnalyticsReport) => rankedTable('utm_source', report.utmSources),
  'utm-mediums': (report: AnalyticsReport) => rankedTable('utm_medium', report.utmMediums),
  'utm-campaigns': (report: AnalyticsReport) => rankedTable('utm_campaign', report.utmCampaigns),
  devices: (report: AnalyticsReport) => rankedTable('device', report.devices),
  browsers: (report: AnalyticsReport) => rankedTable('browser', report.browsers),
  conversions: (report: AnalyticsReport) => conversionTable('source', report.conversions),
  'entry-pages': (report: AnalyticsReport) => conversionTable('entry_page', report.entryPages),
} as const

export type TableName = keyof typeof TABLES
export const TABLE_NAMES = Object.keys(TABLES) as TableName[]

export function tableCsv(table: Table): string {
  return csvRecord(table.columns) + table.rows.map((row) => csvRecord(row)).join('')
}
