import { may } from '../../../lib/admin/roles.ts'
import { extent } from '../../../lib/documents/extent.ts'
import { formatBytes } from '../../../lib/figures.ts'
import type { Partner } from '../../../lib/partners.ts'
import type { DocumentSummary } from '../../documents/document-store.server.ts'
import { type CodeChoice, DocumentSettingsForm, MARKDOWN_SHOWN_IN_PAGE } from './AudienceFields.tsx'
import { ConsolePage, type ConsoleUser } from './ConsoleShell.tsx'
import { DataTable, RowAction } from './DataTable.tsx'
import { ErrorSummary, type FormState } from './ErrorSummary.tsx'
import { utcTime } from './format.ts'
import { Notice } from './Notice.tsx'
import { UploadForm } from './UploadForm.tsx'

export interface VersionRow {
  version: number
  fileName: string
  size: number
  sha256: string
  pages: number | null
  words: number | null
  uploadedAt: Date
}

/** Whom a document is for, in a sentence (the settings as a reader, the read-only role, sees them). */
function audienceLine(document: DocumentSummary, codes: readonly CodeChoice[]) {
  if (document.public) return 'Shared openly: anyone who opens the gate reads it.'
  if (document.codeIds.length === 0) return 'Every code of the partner sees it.'
  const names = document.codeIds.map((id) => codes.find((code) => code.id === id)?.label ?? id.slice(0, 8))
  return `Only these codes see it: ${names.join(', ')}.`
}

/** One document: what it is, its versions, and (for an editor) replace and remove. */
export function DocumentPage({
  user,
  document,
  partner,
  codes,
  versions,
  maxBytes,
  form,
  settingsForm,
  done,
}: {
  user: ConsoleUser
  document: DocumentSummary
  partner: Pick<Partner, 'slug' | 'name' | 'open'>
  /** The partner's live codes, for the settings. */
  codes: readonly CodeChoice[]
  versions: readonly VersionRow[]
  maxBytes: number
  /** The replace form, refused. */
  form?: FormState
  /** The settings form, refused. */
  settingsForm?: FormState
  done?: string
}) {
  const partnerName = partner.name
  const canEdit = may(user.role, 'edit') && !document.removedAt
  const kind = document.kind === 'pdf' ? 'PDF' : 'Markdown'
  return (
    <ConsolePage
      user={user}
      current="/admin/documents"
      crumb={{
        href: `/admin/documents?partner=${document.retailer}`,
        label: <>Documents of {partnerName}</>,
      }}
      title={document.title}
      lead={`${partnerName} · ${kind}, ${extent(document)}, ${formatBytes(document.size)} · version ${document.version}`}
      actions={
        <a className="button button--dark" href={`/admin/documents/${document.id}/engagement`}>
          Engagement
        </a>
      }
      done={done}
    >
      {document.removedAt ? (
        <Notice kind="error" title="Removed">
          Removed {utcTime(document.removedAt)}: viewers no longer see it. Its versions stay for the record.
        </Notice>
      ) : null}
      <ErrorSummary form={form} prefix="replace" />
      <section className="panel" aria-labelledby="versions-title">
        <h2 id="versions-title">Versions</h2>
        <DataTable
          rows={versions}
          rowKey={(row) => String(row.version)}
          caption={`Versions of ${document.title}`}
          columns={[
            {
              header: 'Version',
              cell: (row) => (
                <>
                  {row.version}{' '}
                  {row.version === document.version ? <span className="badge badge--ok">served</span> : null}
                </>
              ),
            },
            { header: 'File', cell: (row) => row.fileName },
            {
              header: 'Extent',
              cell: (row) => extent({ kind: document.kind, pages: row.pages, words: row.words }),
            },
            { header: 'Size', cell: (row) => formatBytes(row.size), num: true },
            { header: 'Uploaded', cell: (row) => utcTime(row.uploadedAt), nowrap: true },
            { header: 'SHA-256', cell: (row) => <code title={row.sha256}>{row.sha256.slice(0, 12)}</code> },
          ]}
        />
      </section>
      <ErrorSummary form={settingsForm} prefix="settings" />
      <section className="panel" aria-labelledby="settings-title">
        <h2 id="settings-title">Audience and download</h2>
        {canEdit ? (
          <DocumentSettingsForm
            document={document}
            partner={partner}
            codes={codes}
            csrf={user.csrf}
            form={settingsForm}
          />
        ) : (
          <p>
            {audienceLine(document, codes)}{' '}
            {document.kind === 'markdown'
              ? MARKDOWN_SHOWN_IN_PAGE
              : document.download
                ? 'Viewers may download it.'
                : 'Shown in the page only.'}
          </p>
        )}
      </section>
      {canEdit ? (
        <div className="grid grid--2">
          <section className="panel" aria-labelledby="replace-title">
            <h2 id="replace-title">Replace</h2>
            <p className="muted small">
              The new file becomes version {document.version + 1}, of the same kind ({kind}); viewers see it
              at once and the older versions stay stored.
            </p>
            <UploadForm
              id="replace"
              action={`/admin/documents/${document.id}/replace`}
              csrf={user.csrf}
              maxBytes={maxBytes}
              error={form?.errors.file}
              submit="Upload new version"
            />
          </section>
          <section className="panel" aria-labelledby="remove-title">
            <h2 id="remove-title">Remove</h2>
            <p className="muted small">
              Viewers no longer see it; its versions and engagement stay for the record.
            </p>
            <RowAction
              action={`/admin/documents/${document.id}/remove`}
              csrf={user.csrf}
              label="Remove document"
              detail={document.title}
              danger
              confirm={`Remove “${document.title}”? Viewers no longer see it.`}
            />
          </section>
        </div>
      ) : null}
    </ConsolePage>
  )
}
