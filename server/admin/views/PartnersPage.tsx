import { may } from '../../../lib/admin/roles.ts'
import type { PartnerRow } from '../../partners/partner-store.server.ts'
import { ConsolePage, type ConsoleUser } from './ConsoleShell.tsx'
import { DataTable } from './DataTable.tsx'
import { ErrorSummary, type FormState } from './ErrorSummary.tsx'
import { CsrfForm, FormActions } from './FormParts.tsx'
import { PartnerFields } from './PartnerFields.tsx'
import { Swatch } from './Swatch.tsx'

/** The partners whose gates the site serves, and (for an editor) the form that adds one. */
export function PartnersPage({
  user,
  rows,
  form,
  done,
}: {
  user: ConsoleUser
  rows: PartnerRow[]
  form?: FormState
  done?: string
}) {
  const canEdit = may(user.role, 'edit')
  return (
    <ConsolePage
      user={user}
      current="/admin/partners"
      title="Partners"
      lead="Each partner has a gate at /slug with its own theme, codes and documents. Changes are live within seconds."
      done={done}
    >
      {form ? <ErrorSummary form={form} prefix="partner" /> : null}
      <section className="panel" aria-labelledby="partners-title">
        <h2 id="partners-title">Gates</h2>
        {rows.length === 0 ? (
          <p className="muted">No partners yet.</p>
        ) : (
          <DataTable
            rows={rows}
            rowKey={(row) => row.slug}
            caption="Partners"
            columns={[
              {
                header: 'Partner',
                cell: (row) => (
                  <a href={`/admin/partners/${row.slug}`}>
                    {row.name}
                    <span className="visually-hidden">: {canEdit ? 'edit' : 'view'}</span>
                  </a>
                ),
              },
              { header: 'Gate', cell: (row) => <code>/{row.slug}</code> },
              {
                header: 'Opens with',
                cell: (row) =>
                  row.open ? (
                    <span className="badge badge--warn">a button</span>
                  ) : (
                    <span className="badge">a code</span>
                  ),
              },
              { header: 'Tint', cell: (row) => <Swatch colour={row.tint} /> },
              { header: 'Mark', cell: (row) => (row.logoKey ? 'logo' : row.monogram) },
              { header: 'Audience', cell: (row) => row.audience },
            ]}
          />
        )}
      </section>
      {canEdit ? (
        <section className="panel" aria-labelledby="add-partner-title">
          <h2 id="add-partner-title">Add a partner</h2>
          <CsrfForm action="/admin/partners" csrf={user.csrf} noValidate>
            <PartnerFields state={form ?? { values: {}, errors: {} }} withSlug hints />
            <FormActions submit="Add partner" />
          </CsrfForm>
        </section>
      ) : null}
    </ConsolePage>
  )
}
