import type { ReactNode } from 'react'
import { formatBytes } from '../../../lib/figures.ts'
import { CsrfForm, describedBy, FormActions, LabelledField } from './FormParts.tsx'

/** What the file input accepts: the documents service decides by content, this only helps the picker. */
const ACCEPT = '.pdf,.md,.markdown,application/pdf,text/markdown'

/**
 * An upload form (a document, a partner's logo): multipart, posted as is without JavaScript; with it, console.js sends
 * the same form by XHR and shows the upload's progress. The CSRF token is the first field: the
 * server reads it before any byte of the file.
 */
export function UploadForm({
  id,
  action,
  csrf,
  maxBytes,
  error,
  submit,
  accept = ACCEPT,
  hint,
  children,
}: {
  id: string
  action: string
  csrf: string
  maxBytes: number
  /** The file field's error (the service's refusal). */
  error?: string
  submit: string
  /** What the picker offers (default: PDF and Markdown). */
  accept?: string
  /** The file field's hint (default: a PDF or Markdown up to maxBytes). */
  hint?: string
  /** Fields before the file (gate, title). */
  children?: ReactNode
}) {
  const fileId = `${id}-file`
  return (
    <CsrfForm action={action} csrf={csrf} encType="multipart/form-data" noValidate data-upload>
      <div className="form-grid form-grid--wide">
        {children}
        <LabelledField
          id={fileId}
          label="File"
          hint={hint ?? `A PDF, or Markdown (.md); up to ${formatBytes(maxBytes)}.`}
          error={error}
        >
          <input
            id={fileId}
            name="file"
            type="file"
            accept={accept}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(fileId, { error, hint: true })}
          />
        </LabelledField>
      </div>
      <div className="upload-progress" data-upload-progress hidden>
        <label htmlFor={`${id}-progress`}>Uploading</label>
        <progress id={`${id}-progress`} max={100} value={0} />
        <span className="small muted" aria-live="polite" data-upload-status />
      </div>
      <FormActions submit={submit} />
    </CsrfForm>
  )
}
