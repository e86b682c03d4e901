import { may } from '../../../lib/admin/roles.ts'
import { formatBytes } from '../../../lib/figures.ts'
import { LOGO_MAX_BYTES } from '../../../lib/partners.ts'
import type { PartnerFields as Fields, PartnerRow } from '../../partners/partner-store.server.ts'
import { ConsolePage, type ConsoleUser } from './ConsoleShell.tsx'
import { ErrorSummary, type FormState } from './ErrorSummary.tsx'
import { CsrfForm } from './FormParts.tsx'
import { PartnerFields } from './PartnerFields.tsx'
import { Swatch } from './Swatch.tsx'
import { UploadForm } from './UploadForm.tsx'

/** The logo picker's types (the partners service checks the bytes, whatever the name). */
const LOGO_ACCEPT = '.png,.jpg,.jpeg,.webp,.svg,image/png,image/jpeg,image/webp,image/svg+xml'

/** The address of the server-drawn gate picture for these values (GatePreview). */
export const previewUrl = (values: Fields) =>
  `/admin/partners/preview.svg?${new URLSearchParams({
    name: values.name,
    tint: values.tint,
    ink: values.ink,
    monogram: values.monogram,
    audience: values.audience,
    ...(values.open ? { open: 'on' } : {}),
  })}`

export const formValues = (partner: Fields): Record<string, string> => ({
  name: partner.name,
  tint: partner.tint,
  ink: partner.ink,
  monogram: partner.monogram,
  audience: partner.audience,
  open: partner.open ? 'on' : '',
})

/**
 * One partner: its theme in a form beside a picture of its gate. "Preview" posts the form and
 * comes back with the picture redrawn and nothing saved (without JavaScript); console.js redraws
 * it as the fields change.
 */
export function PartnerPage({
  user,
  partner,
  form,
  preview,
  logoError,
  done,
}: {
  user: ConsoleUser
  partner: PartnerRow
  form?: FormState
  /** What the picture shows: the form's values when previewing, else the saved ones. */
  preview: Fields
  /** The partners service's refusal of an uploaded logo. */
  logoError?: string
  done?: string
}) {
  const canEdit = may(user.role, 'edit')
  const action = `/admin/partners/${partner.slug}`
  return (
    <ConsolePage
      user={user}
      current="/admin/partners"
      title={partner.name}
      lead={`The gate at /${partner.slug}.`}
      actions={
        <a className="button button--ghost" href="/admin/partners">
          All partners
        </a>
      }
      done={done}
    >
      {form ? <ErrorSummary form={form} prefix="partner" /> : null}
      {logoError ? <ErrorSummary form={{ values: {}, errors: { file: logoError } }} prefix="logo" /> : null}
      <div className="grid grid--2 grid--top">
        <section className="panel" aria-labelledby="theme-title">
          <h2 id="theme-title">Theme</h2>
          {canEdit ? (
            <CsrfForm action={action} csrf={user.csrf} noValidate data-preview-form="partner-preview">
              <PartnerFields state={form ?? { values: formValues(partner), errors: {} }} />
              <div className="form-actions">
                <button className="button button--dark" type="submit">
                  Save changes
                </button>
                <button className="button button--ghost" type="submit" formAction={`${action}/preview`}>
                  Preview
                </button>
              </div>
            </CsrfForm>
          ) : (
            <dl className="facts">
              <dt>Tint</dt>
              <dd>
                <Swatch colour={partner.tint} />
              </dd>
              <dt>Text on the tint</dt>
              <dd>
                <Swatch colour={partner.ink} />
              </dd>
              <dt>Monogram</dt>
              <dd>{partner.monogram}</dd>
              <dt>Audience</dt>
              <dd>{partner.audience}</dd>
              <dt>Opens with</dt>
              <dd>{partner.open ? 'a button, no code' : 'a code'}</dd>
            </dl>
          )}
        </section>
        <section className="panel" aria-labelledby="preview-title">
          <h2 id="preview-title">Preview</h2>
          <div className="gate-preview-box">
            <img
              id="partner-preview"
              className="gate-preview"
              src={previewUrl(preview)}
              alt={`The ${preview.name} gate: the name in its tint, and a card with ${partner.logoUrl ? 'its logo' : `the monogram ${preview.monogram}`} for ${preview.audience}.`}
              width={720}
              height={360}
            />
            {/* The logo over the card's monogram, as the gate shows it in the monogram's place. */}
            {partner.logoUrl ? (
              <img className="gate-preview__logo" src={partner.logoUrl} alt="" width={48} height={48} />
            ) : null}
          </div>
        </section>
      </div>
      {canEdit ? (
        <section className="panel" aria-labelledby="logo-title">
          <h2 id="logo-title">Logo</h2>
          <p className="muted small">
            {partner.logoUrl
              ? 'The gate shows this logo in the monogram’s place; a new file replaces it.'
              : 'Without a logo the gate shows the monogram.'}
          </p>
          <UploadForm
            id="logo"
            action={`${action}/logo`}
            csrf={user.csrf}
            maxBytes={LOGO_MAX_BYTES}
            accept={LOGO_ACCEPT}
            hint={`A PNG, JPEG, WebP or SVG image; up to ${formatBytes(LOGO_MAX_BYTES)}.`}
            error={logoError}
            submit="Upload logo"
          />
        </section>
      ) : null}
      {canEdit ? (
        <section className="panel" aria-labelledby="remove-title">
          <h2 id="remove-title">Remove</h2>
          <p>
            Takes /{partner.slug} off the site. Nothing is deleted; adding the slug again brings the gate
            back.
          </p>
          <a className="button button--danger button--names" href={`${action}/remove`}>
            Remove {partner.name}…
          </a>
        </section>
      ) : null}
    </ConsolePage>
  )
}
