import { bindFields, CheckField, CsrfForm, FormActions } from './FormParts.tsx'
// A document's audience and download settings in the console's forms (decision 043): the upload
// form's "Share openly" and download choice, and the document page's settings form. The rules are
// the documents service's (server/documents/audience.server.ts); the wording of an open gate's
// warning is its `openGateWarning`, the one the CLI's refusal without --public gives.

import { openGateWarning } from '../../../lib/documents/audience.ts'
import type { Partner } from '../../../lib/partners.ts'
import type { DocumentSummary } from '../../documents/document-store.server.ts'
import { FieldError, type FormState } from './ErrorSummary.tsx'
import { Radio } from './SelectField.tsx'

/** A Markdown document's download setting, said instead of offered (the reader's sentence too). */
export const MARKDOWN_SHOWN_IN_PAGE = 'Shown in the page: a Markdown document has no file to download.'

/** A form's download choice as posted: absent keeps what the document has (a new one: allowed). */
export const DOWNLOAD_CHOICES = ['yes', 'no'] as const

/** The upload form's audience: every code of the partner (the default), or the ticked ones. */
export const UPLOAD_AUDIENCES = ['all', 'some'] as const

const DOWNLOAD = [
  { value: 'yes', label: 'Viewers may download it' },
  { value: 'no', label: 'Shown in the page only (no Download button)' },
]
const WHO = [
  { value: 'all', label: 'Every code of the partner, new ones included' },
  { value: 'some', label: 'Only the codes ticked below' },
]

/** Allowed, or shown in the page only: two radios in a fieldset, one ticked. */
export function DownloadChoice({ id, allowed }: { id: string; allowed: boolean }) {
  return (
    <fieldset className="choice">
      <legend>Download</legend>
      {DOWNLOAD.map((option) => (
        <Radio key={option.value} id={id} name="download" option={option} chosen={allowed ? 'yes' : 'no'} />
      ))}
      <p className="field__hint">
        Without download an honest viewer keeps no copy by habit; a determined one can still save what they
        see, and every copy carries the watermark naming them. A Markdown document is shown in the page either
        way.
      </p>
    </fieldset>
  )
}

/** A live code of a partner, as an upload's audience offers it. */
export interface PartnerCode extends CodeChoice {
  retailer: string
}

interface UploadAudienceProps {
  partners: readonly Pick<Partner, 'slug' | 'name' | 'open'>[]
  codes: readonly PartnerCode[]
  form?: FormState
}

/** One code's box, labelled with its label and the start of its id. */
function CodeBox({ id, code, checked }: { id: string; code: CodeChoice; checked: boolean }) {
  return (
    <div className="field field--check">
      <input id={`${id}-${code.id}`} name="codes" type="checkbox" value={code.id} defaultChecked={checked} />
      <label htmlFor={`${id}-${code.id}`}>
        {code.label ?? 'Unlabelled code'} <code>{code.id.slice(0, 8)}</code>
      </label>
    </div>
  )
}

/**
 * Who sees a new document, as `rm5 documents add [--codes]` chooses: every code of the partner,
 * or the ticked ones. Without JavaScript every partner's codes are listed under its name; the
 * ticked codes must be the chosen partner's (the documents service refuses others by name).
 */
function UploadCodes({ partners, codes, form }: UploadAudienceProps) {
  const some = form?.values.who === 'some'
  const ticked = new Set((form?.values.codes ?? '').split(',').filter(Boolean))
  const error = form?.errors.codes
  const withCodes = partners.filter((partner) => codes.some((code) => code.retailer === partner.slug))
  return (
    <fieldset
      id="upload-codes"
      className="choice choice--wide"
      aria-describedby={error ? 'upload-codes-error' : undefined}
    >
      <legend>Who sees it</legend>
      {WHO.map((option) => (
        <Radio key={option.value} id="upload-who" name="who" option={option} chosen={some ? 'some' : 'all'} />
      ))}
      <FieldError id="upload-codes" error={error} />
      {withCodes.length === 0 ? (
        <p className="field__hint">No partner has a live code yet.</p>
      ) : (
        <div className="code-groups">
          {withCodes.map((partner) => (
            <div key={partner.slug} className="code-group">
              <p className="code-group__name">{partner.name}</p>
              {codes
                .filter((code) => code.retailer === partner.slug)
                .map((code) => (
                  <CodeBox key={code.id} id="upload-codes" code={code} checked={ticked.has(code.id)} />
                ))}
            </div>
          ))}
        </div>
      )}
    </fieldset>
  )
}

/**
 * The upload form's audience: "Share openly", which a partner whose gate takes no code requires
 * (its warning said beside it), the codes that see it, and the download choice.
 */
export function UploadAudienceFields({ partners, codes, form }: UploadAudienceProps) {
  const open = partners.filter((partner) => partner.open)
  const error = form?.errors.public
  const hint = open.length > 0 ? open.map(openGateWarning).join(' ') : 'Every gate here takes a code.'
  return (
    <>
      <UploadCodes partners={partners} codes={codes} form={form} />
      <div className="field">
        <CheckField
          {...bindFields(form, 'upload')('public')}
          label="Share openly (only for a gate that takes no code)"
          checked={form?.values.public === 'on'}
          hinted
        />
        <p className="field__hint" id="upload-public-hint">
          {hint}
        </p>
        <FieldError id="upload-public" error={error} />
      </div>
      <DownloadChoice id="upload-download" allowed={form?.values.download !== 'no'} />
    </>
  )
}

export interface CodeChoice {
  id: string
  label: string | null
}

/**
 * The document page's settings: the partner's live codes that see it (none ticked: all of them),
 * or, for a gate that takes no code, the fact that it is shared openly; and the download choice
 * (a PDF's only: a Markdown document is always shown in the page).
 */
export function DocumentSettingsForm({
  document,
  partner,
  codes,
  csrf,
  form,
}: {
  document: Pick<DocumentSummary, 'id' | 'kind' | 'public' | 'codeIds' | 'download'>
  partner: Pick<Partner, 'slug' | 'name' | 'open'>
  codes: readonly CodeChoice[]
  csrf: string
  form?: FormState
}) {
  const chosen = new Set(document.codeIds)
  return (
    <CsrfForm action={`/admin/documents/${document.id}/settings`} csrf={csrf} className="form-grid">
      {partner.open ? (
        <p>Shared openly. {openGateWarning(partner)}</p>
      ) : (
        <fieldset id="settings-codes" className="choice" aria-describedby="settings-codes-hint">
          <legend>Who sees it</legend>
          {codes.length === 0 ? <p className="muted small">{partner.name} has no live code.</p> : null}
          {codes.map((code) => (
            <CodeBox key={code.id} id="settings-codes" code={code} checked={chosen.has(code.id)} />
          ))}
          <p className="field__hint" id="settings-codes-hint">
            None ticked: every code of {partner.name} sees it, new ones included.
          </p>
          <FieldError id="settings-codes" error={form?.errors.codes} />
        </fieldset>
      )}
      {document.kind === 'markdown' ? (
        <p>{MARKDOWN_SHOWN_IN_PAGE}</p>
      ) : (
        <DownloadChoice id="settings-download" allowed={document.download} />
      )}
      <FormActions submit="Save settings" />
    </CsrfForm>
  )
}
