import { may } from '../../../lib/admin/roles.ts'
import { MAX_AGREEMENT_BYTES } from '../../../lib/documents/agreement-size.ts'
import { formatBytes } from '../../../lib/figures.ts'
import type { Partner } from '../../../lib/partners.ts'
import type { AgreementVersion } from '../../documents/agreement-listing.server.ts'
import { ConsolePage, type ConsoleUser } from './ConsoleShell.tsx'
import { DataTable, RowAction } from './DataTable.tsx'
import { ErrorSummary, type FormState } from './ErrorSummary.tsx'
import { utcTime } from './format.ts'
import { gateOptions, SelectField } from './SelectField.tsx'
import { UploadForm } from './UploadForm.tsx'

/**
 * The agreements' versions and who accepted which, as `rm5 agreements list` shows them; for
 * editors, `rm5 agreements set` (a Markdown file: the first version, or the next one replacing it)
 * and `clear`.
 */
export function AgreementsPage({
  user,
  versions,
  gates,
  partners,
  retailer,
  names,
  done,
  form,
  chosen,
}: {
  user: ConsoleUser
  versions: AgreementVersion[]
  /** The gates to filter by: every partner with an agreement version. */
  gates: readonly { slug: string; name: string }[]
  /** The served partners: the gates an agreement can be set for. */
  partners: readonly Pick<Partner, 'slug' | 'name'>[]
  retailer?: string
  names: (slug: string) => string
  /** What the last post did. */
  done?: string
  /** The set form as refused: the gate it named, the refusal under the file. */
  form?: FormState
  /** The gate the set form names otherwise. */
  chosen?: string
}) {
  const canEdit = may(user.role, 'edit')
  // A newer version replaces an older one; clearing ends the newest.
  const newest = new Map<string, number>()
  for (const version of versions)
    newest.set(version.retailer, Math.max(newest.get(version.retailer) ?? 0, version.version))
  const accepted = versions.flatMap((version) =>
    version.acceptances.map((row) => ({ ...row, agreement: version })),
  )
  return (
    <ConsolePage
      user={user}
      current="/admin/agreements"
      title="Agreements"
      lead="What each gate's viewers accept before their first document, version by version, and who accepted which."
      done={done}
    >
      <ErrorSummary form={form} prefix="agreement" />
      {canEdit ? (
        <section className="panel" aria-labelledby="set-agreement-title">
          <h2 id="set-agreement-title">Set or replace an agreement</h2>
          <p className="muted small">
            A Markdown file. A text other than the one in force becomes its next version, and every viewer of
            the gate accepts it again before their next document; the same text changes nothing.
          </p>
          <UploadForm
            id="agreement"
            action="/admin/agreements"
            csrf={user.csrf}
            maxBytes={MAX_AGREEMENT_BYTES}
            error={form?.errors.file}
            submit="Set agreement"
            accept=".md,.markdown,.txt,text/markdown,text/plain"
            hint={`Markdown (.md), UTF-8 text; up to ${formatBytes(MAX_AGREEMENT_BYTES)}.`}
          >
            <SelectField
              id="agreement-retailer"
              name="retailer"
              label="Gate"
              prompt="Choose a gate"
              options={gateOptions(partners)}
              defaultValue={form?.values.retailer ?? chosen}
            />
          </UploadForm>
        </section>
      ) : null}
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
            No agreement{retailer ? ` for ${names(retailer)}` : ' yet'}.{' '}
            {canEdit ? 'Set one above, or' : 'An editor sets one here, or'} with{' '}
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
              canEdit && {
                header: 'Action',
                cell: (row) =>
                  !row.clearedAt && row.version === newest.get(row.retailer) ? (
                    <RowAction
                      action="/admin/agreements/clear"
                      csrf={user.csrf}
                      label="Clear"
                      detail={`the agreement of ${names(row.retailer)}`}
                      danger
                      confirm={`Clear the agreement of ${names(row.retailer)}? Its viewers open documents without one; acceptances stay listed.`}
                      fields={{ retailer: row.retailer }}
                    />
                  ) : null,
              },
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
    </ConsolePage>
  )
}
