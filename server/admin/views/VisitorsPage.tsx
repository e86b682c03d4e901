import { DEFAULT_DAYS, type PeriodChoice } from '../../analytics/period.server.ts'
import type { AnalyticsReport, Conversion, Ranked, RecentActivity } from '../../analytics/report.server.ts'
import { ConsolePage, type ConsoleUser } from './ConsoleShell.tsx'
import { DailyChart } from './DailyChart.tsx'
import { type Column, DataTable } from './DataTable.tsx'
import { Figure } from './Figure.tsx'
import { FilterForm, LabelledField } from './FormParts.tsx'
import { PanelHead } from './PanelHead.tsx'
import { TextField } from './TextField.tsx'

/** Rows a table shows; its CSV has them all. */
const SHOWN = 20

const count = (value: number) => value.toLocaleString('en-US')
const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`

/** A titled table of the report, its first rows shown, with the CSV link of all of them. */
function ReportTable<Row extends { value: string; visitors: number }>({
  id,
  title,
  header,
  rows,
  csv,
  figures,
}: {
  id: string
  title: string
  /** The first column's heading (what the values are). */
  header: string
  rows: readonly Row[]
  csv: string
  /** The columns after the value and its visitors. */
  figures: readonly Column<Row>[]
}) {
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <PanelHead id={`${id}-title`} title={title} csv={csv} />
      {rows.length === 0 ? (
        <p className="muted">None in this period.</p>
      ) : (
        <DataTable
          rows={rows.slice(0, SHOWN)}
          rowKey={(row) => row.value}
          caption={title}
          columns={[
            { header, cell: (row) => row.value },
            { header: 'Visitors', cell: (row) => count(row.visitors), num: true },
            ...figures,
          ]}
        />
      )}
      {rows.length > SHOWN ? (
        <p className="muted small">
          The first {SHOWN} of {rows.length}; the CSV has every row.
        </p>
      ) : null}
    </section>
  )
}

const VIEWS: readonly Column<Ranked>[] = [{ header: 'Views', cell: (row) => count(row.views), num: true }]
const GOALS: readonly Column<Conversion>[] = [
  // Visitors, not records: a visitor who applied twice in a day counts once (the console's
  // Applications page counts the records).
  { header: 'Applied', cell: (row) => count(row.applications), num: true },
  // No visitors counted (a goal reached before counting began): no share to give, as in the summary.
  {
    header: 'Conversion',
    cell: (row) => (row.visitors === 0 ? '—' : percent(row.applicationRate)),
    num: true,
  },
  { header: 'Wrote to us', cell: (row) => count(row.contacts), num: true },
  { header: 'Opened a gate', cell: (row) => count(row.gates), num: true },
]

/** The ranked tables: id (and CSV table), title, first column, the report's rows. */
const RANKED = [
  ['pages', 'Top pages', 'Page', 'pages'],
  ['sources', 'Top sources', 'Source', 'sources'],
  ['referrers', 'Referring sites', 'Site', 'referrers'],
  ['utm-sources', 'UTM sources', 'utm_source', 'utmSources'],
  ['utm-mediums', 'UTM mediums', 'utm_medium', 'utmMediums'],
  ['utm-campaigns', 'UTM campaigns', 'utm_campaign', 'utmCampaigns'],
  ['devices', 'Devices', 'Device', 'devices'],
  ['browsers', 'Browsers', 'Browser', 'browsers'],
] as const satisfies readonly (readonly [string, string, string, keyof AnalyticsReport])[]

/** The conversion tables, full width under the ranked ones: the same four columns as RANKED. */
const CONVERSIONS = [
  ['conversions', 'Conversions by source', 'Source of the first page', 'conversions'],
  ['entry-pages', 'Conversions by first page', 'First page', 'entryPages'],
] as const satisfies readonly (readonly [string, string, string, keyof AnalyticsReport])[]

type TableKey = (typeof RANKED)[number][3] | (typeof CONVERSIONS)[number][3]

/** How the public site does: visitors, pages, sources and conversions, counted without cookies. */
export function VisitorsPage({
  user,
  choice,
  report,
  recent,
  enabled,
}: {
  user: ConsoleUser
  choice: PeriodChoice
  report: AnalyticsReport
  recent: RecentActivity
  /** ANALYTICS is on: new visits are being counted. */
  enabled: boolean
}) {
  const { period, totals } = report
  const query = `since=${period.since}&until=${period.until}`
  // A preset ends today: the charts say "in the last 30 days"; two dates are named as such.
  const span = choice.days === 'custom' ? `from ${period.since} to ${period.until}` : undefined
  const csv = (table: string) => `/admin/visitors.csv?table=${table}&${query}`
  /** One ReportTable per entry of RANKED or CONVERSIONS, with that list's figures. */
  const tables = <K extends TableKey>(
    list: readonly (readonly [string, string, string, K])[],
    figures: readonly Column<AnalyticsReport[K][number]>[],
  ) =>
    list.map(([id, title, header, key]) => (
      <ReportTable
        key={id}
        id={id}
        title={title}
        header={header}
        rows={report[key]}
        csv={csv(id)}
        figures={figures}
      />
    ))
  return (
    <ConsolePage
      user={user}
      current="/admin/visitors"
      title="Visitors"
      lead={`${period.since} to ${period.until} (UTC) · counted on the server, without cookies: a visitor is one browser on one day.`}
    >
      {enabled ? null : (
        <p className="panel muted" role="status">
          Counting is off (ANALYTICS=false): the figures below are from before it was turned off.
        </p>
      )}
      {choice.problem ? (
        <p className="panel" role="alert">
          That period cannot be shown ({choice.problem}); showing the last 30 days.
        </p>
      ) : null}
      {/* Two forms, each with its own button: which one was pressed says whether the visitor chose
          a recent period or typed dates, with no script to notice a changed field. */}
      <div className="panel period-forms">
        <FilterForm action="/admin/visitors" submit="Show" label="Choose a recent period">
          <LabelledField id="visitors-days" label="Period">
            <select
              id="visitors-days"
              name="days"
              defaultValue={choice.days === 'custom' ? String(DEFAULT_DAYS) : String(choice.days)}
            >
              <option value="7">Last 7 days</option>
              <option value="30">Last 30 days</option>
              <option value="90">Last 90 days</option>
            </select>
          </LabelledField>
        </FilterForm>
        <FilterForm action="/admin/visitors" submit="Show these dates" label="Choose the dates">
          <input type="hidden" name="days" value="custom" />
          <TextField id="visitors-since" name="since" label="From" type="date" defaultValue={period.since} />
          <TextField id="visitors-until" name="until" label="To" type="date" defaultValue={period.until} />
        </FilterForm>
      </div>
      <div className="stats stats--figures">
        <Figure label="Visitors who applied" value={count(totals.applications)} />
        <Figure
          label="Share who applied"
          value={totals.visitors === 0 ? '—' : percent(totals.applications / totals.visitors)}
        />
        <Figure label="Visitors who wrote to us" value={count(totals.contacts)} />
        <Figure label="Visitors who opened a gate" value={count(totals.gates)} />
      </div>
      <section className="panel" aria-labelledby="recent-title">
        <PanelHead id="recent-title" title={`The last ${recent.minutes} minutes`} />
        <p>
          <strong>{count(recent.visitors)}</strong> visitor{recent.visitors === 1 ? '' : 's'},{' '}
          <strong>{count(recent.views)}</strong> page view{recent.views === 1 ? '' : 's'}
          {recent.pages[0] ? (
            <>
              ; most read: <code>{recent.pages[0].value}</code>
            </>
          ) : null}
          .
        </p>
      </section>
      <div className="grid grid--2">
        <DailyChart id="visitors-per-day" title="Visitors" series={report.visitorsPerDay} span={span} />
        <DailyChart id="views-per-day" title="Page views" series={report.viewsPerDay} span={span} />
      </div>
      <p className="muted small">
        <a href={csv('days')}>CSV of visitors and views per day</a>
      </p>
      <div className="grid grid--2 grid--top">{tables(RANKED, VIEWS)}</div>
      {tables(CONVERSIONS, GOALS)}
      <p className="muted small">
        Counted: page loads of the public pages by browsers. Not counted: bots, prefetches, the console, the
        data room. Raw views are kept for a limited time; the daily figures are kept for good.
      </p>
    </ConsolePage>
  )
}
