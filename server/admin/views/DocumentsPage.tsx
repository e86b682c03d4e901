import { may } from '../../../lib/admin/roles.ts'
import { extent } from '../../../lib/documents/extent.ts'
import { formatBytes } from '../../../lib/figures.ts'
import type { Partner } from '../../../lib/partners.ts'
import type { DocumentSummary } from '../../documents/document-store.server.ts'
import { type PartnerCode, UploadAudienceFields } from './AudienceFields.tsx'
import { ConsolePage, type ConsoleUser } from './ConsoleShell.tsx'
import { DataTable } from './DataTable.tsx'
import { ErrorSummary, type FormState } from './ErrorSummary.tsx'
import { bindFields, CheckField, FilterForm } from './FormParts.tsx'
import { utcTime } from './format.ts'
import { gateOptions, SelectField } from './SelectField.tsx'
import { TextField } from './TextField.tsx'
import { UploadForm } from './UploadForm.tsx'

export interface DocumentsFilter {
  partner?: string
  removed?: boolean
}

/** The data room's documents per partner, and the upload form. */
export function DocumentsPage({
  user,
  documents,
  partners,
  codes,
  filter,
  maxBytes,
  form,
  done,
}: {
  user: ConsoleUser
  documents: readonly DocumentSummary[]
  partners: readonly Pick<Partner, 'slug' | 'name' | 'open'>[]
  /** The partners' live codes: the upload's audience. */
  codes: readonly PartnerCode[]
  filter: DocumentsFilter
  maxBytes: number
  form?: FormState
  done?: string
}) {
  const canEdit = may(user.role, 'edit')
  const field = bindFields(form, 'upload')
  const nameOf = (slug: string) => partners.find((partner) => partner.slug === slug)?.name ?? slug
  const groups = [...new Set(documents.map((doc) => doc.retailer))].map((slug) => ({
    slug,
    docs: documents.filter((doc) => doc.retailer === slug),
  }))
  return (
    <ConsolePage
      user={user}
      current="/admin/documents"
      title="Documents"
      lead="The data room per partner: what each gate's viewers can open, its versions and who read it."
      done={done}
    >
      <ErrorSummary form={form} prefix="upload" />
      {canEdit ? (
        <section className="panel" aria-labelledby="upload-heading">
          <h2 id="upload-heading">Upload a document</h2>
          <UploadForm
            id="upload"
            action="/admin/documents"
            csrf={user.csrf}
            maxBytes={maxBytes}
            error={form?.errors.file}
            submit="Upload"
          >
            <SelectField
              {...field('retailer')}
              label="Partner"
              prompt="Choose a partner"
              options={gateOptions(partners)}
              defaultValue={form?.values.retailer ?? filter.partner}
            />
            <TextField
              {...field('title')}
              label="Title"
              hint="Empty: from the file's name."
              maxLength={200}
            />
            <UploadAudienceFields partners={partners} codes={codes} form={form} />
          </UploadForm>
        </section>
      ) : null}
      <section className="panel" aria-labelledby="list-title">
        <h2 id="list-title">{filter.removed ? 'All documents, removed ones included' : 'Documents'}</h2>
        <FilterForm action="/admin/documents" submit="Show">
          <SelectField
            id="filter-partner"
            name="partner"
            label="Partner"
            prompt="Every partner"
            any
            options={partners.map((partner) => ({ value: partner.slug, label: partner.name }))}
            defaultValue={filter.partner}
          />
          <CheckField
            id="filter-removed"
            name="removed"
            value="1"
            label="Show removed"
            checked={filter.removed}
          />
        </FilterForm>
        {groups.length === 0 ? (
          <p className="muted">
            {filter.partner ? `No documents for ${nameOf(filter.partner)}.` : 'No documents yet.'}
          </p>
        ) : (
          groups.map((group) => (
            <div key={group.slug} className="group">
              <h3>
                {nameOf(group.slug)} <span className="muted small">/{group.slug}</span>
              </h3>
              <DataTable
                rows={group.docs}
                rowKey={(doc) => doc.id}
                caption={`Documents of ${nameOf(group.slug)}`}
                columns={[
                  {
                    header: 'Title',
                    cell: (doc) => (
                      <>
                        <a href={`/admin/documents/${doc.id}`}>{doc.title}</a>
                        {doc.removedAt ? (
                          <>
                            {' '}
                            <span className="badge badge--bad">removed</span>
                          </>
                        ) : null}
                      </>
                    ),
                  },
                  {
                    header: 'Kind',
                    cell: (doc) => `${doc.kind === 'pdf' ? 'PDF' : 'Markdown'}, ${extent(doc)}`,
                  },
                  { header: 'Size', cell: (doc) => formatBytes(doc.size), num: true },
                  { header: 'Version', cell: (doc) => doc.version, num: true },
                  { header: 'Updated', cell: (doc) => utcTime(doc.updatedAt), nowrap: true },
                  {
                    header: 'Engagement',
                    cell: (doc) => (
                      <a href={`/admin/documents/${doc.id}/engagement`}>
                        Engagement<span className="visually-hidden"> with {doc.title}</span>
                      </a>
                    ),
                  },
                ]}
              />
            </div>
          ))
        )}
      </section>
    </ConsolePage>
  )
}
