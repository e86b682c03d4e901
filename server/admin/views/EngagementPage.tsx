import type { ReactNode } from 'react'
import { viewerLabel } from '../../../lib/documents/viewer-label.ts'
import { duration } from '../../../lib/figures.ts'
import type { DocumentEngagementReport } from '../../documents/document-engagement.server.ts'
import type { DocumentSummary } from '../../documents/document-store.server.ts'
import { BarChart } from './BarChart.tsx'
import { ConsolePage, type ConsoleUser } from './ConsoleShell.tsx'
import { dailySummary } from './DailyChart.tsx'
import { DataTable } from './DataTable.tsx'
import { Figure } from './Figure.tsx'
import { utcTime } from './format.ts'
import { PanelHead } from './PanelHead.tsx'

/** A chart and the table of its figures side by side (stacked on a phone). */
function ChartWithTable({
  id,
  title,
  note,
  csv,
  chart,
  table,
}: {
  id: string
  title: string
  note: string
  csv: string
  chart: ReactNode
  table: ReactNode
}) {
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <PanelHead id={`${id}-title`} title={title} csv={csv} />
      <div className="chart-pair">
        <div>
          {chart}
          <p className="muted small">{note}</p>
        </div>
        {/* Scrolls on its own: focusable so a keyboard can scroll it too. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus */}
        <section className="chart-pair__figures" tabIndex={0} aria-label={`${title}: figures`}>
          {table}
        </section>
      </div>
    </section>
  )
}

/** Who read one document, when, and how far: charts first, the same figures in tables beside them. */
export function EngagementPage({
  user,
  document,
  partnerName,
  report,
}: {
  user: ConsoleUser
  document: DocumentSummary
  partnerName: string
  report: DocumentEngagementReport
}) {
  const base = `/admin/documents/${document.id}/engagement.csv`
  const { openings, pages, viewers, totals } = report
  const busiestPage = pages.reduce<(typeof pages)[number] | undefined>(
    (best, page) => (!best || page.seconds > best.seconds ? page : best),
    undefined,
  )
  const pagesSummary =
    !busiestPage || busiestPage.seconds === 0
      ? 'Time per page: no page has reading time yet.'
      : `Time per page across ${pages.length} pages; the most read is page ${busiestPage.page} with ${duration(busiestPage.seconds)}.`
  return (
    <ConsolePage
      user={user}
      current="/admin/documents"
      crumb={{ href: `/admin/documents/${document.id}`, label: document.title }}
      title={`Engagement: ${document.title}`}
      lead={`${partnerName} · every version · reading time as the viewers' pages report it (UTC).`}
    >
      <div className="stats stats--figures">
        <Figure label="Openings" value={totals.opens.toLocaleString('en-US')} />
        <Figure label="Viewers" value={totals.viewers.toLocaleString('en-US')} />
        <Figure label="Reading time" value={duration(totals.seconds)} />
        <Figure label="Downloads" value={totals.downloads.toLocaleString('en-US')} />
      </div>
      <ChartWithTable
        id="openings"
        title="Openings over time"
        note={`${openings.days[0]?.day} to ${openings.days.at(-1)?.day}, per day (UTC).`}
        csv={`${base}?figures=openings`}
        chart={
          <BarChart
            id="openings-chart"
            bars={openings.days.map((entry) => ({ key: entry.day, value: entry.count }))}
            summary={dailySummary('Openings', openings)}
            width={600}
            height={160}
          />
        }
        table={
          <DataTable
            rows={openings.days}
            rowKey={(entry) => entry.day}
            caption="Openings per day"
            columns={[
              { header: 'Day', cell: (entry) => entry.day, nowrap: true },
              { header: 'Openings', cell: (entry) => entry.count, num: true },
            ]}
          />
        }
      />
      {document.kind === 'pdf' ? (
        <ChartWithTable
          id="pages"
          title="Time per page"
          note="Seconds on each page, all viewers together; shows count each time a page came into view."
          csv={`${base}?figures=pages`}
          chart={
            <BarChart
              id="pages-chart"
              bars={pages.map((page) => ({
                key: String(page.page),
                value: page.seconds,
                tick: String(page.page),
              }))}
              summary={pagesSummary}
              width={600}
              height={160}
            />
          }
          table={
            <DataTable
              rows={pages}
              rowKey={(page) => String(page.page)}
              caption="Time per page"
              columns={[
                { header: 'Page', cell: (page) => page.page, num: true },
                { header: 'Time', cell: (page) => duration(page.seconds), num: true },
                { header: 'Shows', cell: (page) => page.shows, num: true },
                { header: 'Viewers', cell: (page) => page.readers, num: true },
              ]}
            />
          }
        />
      ) : (
        <section className="panel" aria-labelledby="pages-title">
          <h2 id="pages-title">Time per page</h2>
          <p className="muted">
            A Markdown document is read as one page: its reading time is the viewers' time below.
          </p>
        </section>
      )}
      <section className="panel" aria-labelledby="viewers-title">
        <PanelHead id="viewers-title" title="Viewers" csv={`${base}?figures=viewers`} />
        {viewers.length === 0 ? (
          <p className="muted">Nobody has opened this document yet.</p>
        ) : (
          <DataTable
            rows={viewers}
            rowKey={(viewer) => `${viewer.codeId}\0${viewer.email}`}
            caption="Viewers"
            columns={[
              { header: 'Viewer', cell: viewerLabel },
              { header: 'Openings', cell: (viewer) => viewer.opens, num: true },
              { header: 'Time spent', cell: (viewer) => duration(viewer.seconds), num: true, nowrap: true },
              document.kind === 'pdf' && {
                header: 'Pages reached',
                cell: (viewer) =>
                  `${viewer.pagesReached} of ${document.pages ?? '?'}${viewer.furthestPage ? ` (to p. ${viewer.furthestPage})` : ''}`,
              },
              { header: 'Downloads', cell: (viewer) => viewer.downloads, num: true },
              { header: 'Last opened', cell: (viewer) => utcTime(viewer.lastAt), nowrap: true },
            ]}
          />
        )}
      </section>
    </ConsolePage>
  )
}
