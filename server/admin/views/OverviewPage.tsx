import type { Overview } from '../overview.server.ts'
import { ConsolePage, type ConsoleUser } from './ConsoleShell.tsx'
import { DailyChart } from './DailyChart.tsx'
import { DataTable } from './DataTable.tsx'
import { expiryTime } from './format.ts'

export function OverviewPage({
  user,
  data,
  nameOf,
}: {
  user: ConsoleUser
  data: Overview
  /** A partner's name from its slug, as its gate shows it. */
  nameOf: (slug: string) => string
}) {
  const attention =
    data.failedNotifications + data.expiringCodes.length + data.unacceptedAgreements.length > 0
  return (
    <ConsolePage user={user} current="/admin" title="Overview" lead="The last 30 days, per day (UTC).">
      <div className="stats">
        <DailyChart id="docket" title="Docket openings" series={data.docketOpenings} />
        <DailyChart id="read" title="Documents read" series={data.documentsRead} />
        <DailyChart id="applications" title="Applications" series={data.applications} />
        <DailyChart id="messages" title="Messages" series={data.messages} />
      </div>
      <div className="grid grid--2">
        <section className="panel" aria-labelledby="top-title">
          <h2 id="top-title">Documents read most</h2>
          {data.topDocuments.length === 0 ? (
            <p className="muted">No document was opened in the last 30 days.</p>
          ) : (
            <DataTable
              rows={data.topDocuments}
              rowKey={(doc) => doc.id}
              columns={[
                { header: 'Document', cell: (doc) => doc.title },
                { header: 'Gate', cell: (doc) => nameOf(doc.retailer) },
                { header: 'Openings', cell: (doc) => doc.opens, num: true },
                { header: 'Readers', cell: (doc) => doc.readers, num: true },
              ]}
            />
          )}
        </section>
        <section className="panel" aria-labelledby="attention-title">
          <h2 id="attention-title">Needs attention</h2>
          {attention ? (
            <ul>
              {data.failedNotifications > 0 ? (
                <li>
                  <a href="/admin/notifications?state=failed">
                    {data.failedNotifications} failed notification{data.failedNotifications === 1 ? '' : 's'}
                  </a>
                </li>
              ) : null}
              {data.expiringCodes.map((code) => (
                <li key={code.id}>
                  Code {code.label ? `“${code.label}”` : code.id.slice(0, 8)} for {nameOf(code.retailer)}{' '}
                  expires {expiryTime(code.expiresAt)} — <a href="/admin/codes">codes</a>
                </li>
              ))}
              {data.unacceptedAgreements.map((row) => (
                <li key={row.retailer}>
                  {row.codes} active code{row.codes === 1 ? '' : 's'} for {nameOf(row.retailer)} not yet
                  accepted agreement version {row.version}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">
              Nothing: no failed notifications, no code expiring within a week, every agreement accepted.
            </p>
          )}
        </section>
      </div>
    </ConsolePage>
  )
}
