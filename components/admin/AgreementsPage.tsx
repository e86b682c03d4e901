import type { AgreementVersion } from '../../server/documents/agreement-listing.server.ts'
import { ConsoleShell, type ConsoleUser, PageHead } from './ConsoleShell.tsx'
import { DataTable } from './DataTable.tsx'
import { utcTime } from './format.ts'

/** The agreements' versions and who accepted which, as `rm5 agreements list` shows them. */
export function AgreementsPage({
  user,
  versions,
  gates,
  retailer,
  names,
}: {
  user: ConsoleUser
  versions: AgreementVersion[]
  /** The gates to filter by: every partner with an agreement version. */
  gates: readonly { slug: string; name: string }[]
  retailer?: string
  names: (slug: string) => string
}) {
  // A newer version replaces an older one; clearing ends the newest.
  const newest = new Map<string, number>()
  for (const version of versions)
    newest.set(version.retailer, Math.max(newest.get(version.retailer) ?? 0, version.version))
  const accepted = versions.flatMap((version) =>
    version.acceptances.map((row) => ({ ...row, agreement: version })),
  )
  return (
    <ConsoleShell user={user} current="/admin/agreements">
      <PageHead
        title="Agreements"
        lead="What each gate's viewers accept before their first document, version by version, and who accepted which."
      />
      <form className="panel filters" method="get" action="/admin/agreements" aria-label="Filter by gate">
        <div className="field">
          <label htmlFor="agreements-retailer">Gate</label>
          <select id="agreements-retailer" name="retailer" defaultValue={retailer ?? ''}>
            <option value="">Every gate</option>
            {gates.map((gate) => (
              <option key={gate.slug} value={gate.slug}>
                {gate.name} (/{gate.slug})
              </option>
            ))}
          </select>
        </div>
        <button className="button button--dark" type="submit">
          Show
        </button>
      </form>
      <section className="panel" aria-labelledby="versions-title">
        <h2 id="versions-title">Versions</h2>
        {versions.length === 0 ? (
          <p className="muted">
            No agreement{retailer ? ` for ${names(retailer)}` : ' yet'}. Set one with{' '}
            <code>rm5 agreements set &lt;gate&gt; &lt;file.md&gt;</code>.
          </p>
        ) : (
          <DataTable
            rows={versions}
            rowKey={(row) => String(row.id)}
            caption="Agreement versions"
            columns={[
              { header: 'Gate', cell: (row) => names(row.retailer) },
              { header: 'Version', cell: (row) => row.version, num: true },
              { header: 'Set', cell: (row) => <span className="nowrap">{utcTime(row.createdAt)}</span> },
              {
                header: 'State',
                cell: (row) =>
                  row.clearedAt ? (
                    <span className="badge">cleared {utcTime(row.clearedAt)}</span>
                  ) : row.version === newest.get(row.retailer) ? (
                    <span className="badge badge--ok">in force</span>
                  ) : (
                    <span className="badge">replaced</span>
                  ),
              },
              { header: 'Accepted by', cell: (row) => row.acceptances.length, num: true },
              { header: 'SHA-256', cell: (row) => <code>{row.sha256.slice(0, 12)}</code> },
            ]}
          />
        )}
      </section>
      <section className="panel" aria-labelledby="acceptances-title">
        <h2 id="acceptances-title">Who accepted which</h2>
        {accepted.length === 0 ? (
          <p className="muted">No one has accepted an agreement yet.</p>
        ) : (
          <DataTable
            rows={accepted}
            rowKey={(row) => String(row.id)}
            caption="Acceptances"
            columns={[
              {
                header: 'Accepted',
                cell: (row) => <span className="nowrap">{utcTime(row.acceptedAt)}</span>,
              },
              { header: 'Gate', cell: (row) => names(row.agreement.retailer) },
              { header: 'Version', cell: (row) => row.agreement.version, num: true },
              { header: 'Viewer', cell: (row) => row.viewer },
              {
                header: 'Code',
                cell: (row) => (row.codeId ? <code>{row.codeId.slice(0, 8)}</code> : 'gate, no code'),
              },
            ]}
          />
        )}
      </section>
    </ConsoleShell>
  )
}
