import { FieldError, type FormState } from './ErrorSummary.tsx'
import { bindFields, CheckField } from './FormParts.tsx'
import { TextField } from './TextField.tsx'

/** The partner form as typed, with its errors. */
export type PartnerFormState = FormState

/** The partner's fields, for the add form and the theme editor (ids `partner-<field>`). */
export function PartnerFields({
  state,
  withSlug,
  hints,
}: {
  state: PartnerFormState
  withSlug?: boolean
  /** The add form: a theme field left empty takes its default, as `rm5 partners add` does. */
  hints?: boolean
}) {
  const { values, errors } = state
  const field = bindFields(state, 'partner')
  const text = (name: string, label: string, maxLength: number, hint?: string) => (
    <TextField {...field(name)} label={label} maxLength={maxLength} hint={hint} />
  )
  return (
    <>
      <div className="form-grid form-grid--wide">
        {withSlug
          ? text('slug', 'Slug (the gate is /slug)', 32, 'Lowercase letters, digits, inner hyphens.')
          : null}
        {text('name', 'Name', 60)}
        {text(
          'tint',
          'Tint',
          7,
          hints ? 'A colour such as #1f6feb; empty: #5aa9ff.' : 'A colour such as #1f6feb.',
        )}
        {text('ink', 'Text on the tint', 7, hints ? 'Empty: #0b0d10.' : undefined)}
        {text(
          'monogram',
          'Monogram',
          3,
          hints ? 'Up to 3 letters; empty: the initials.' : 'Up to 3 letters.',
        )}
        {text(
          'audience',
          'Audience',
          80,
          hints ? 'Who the gate is for; empty: Partners.' : 'Who the gate is for.',
        )}
      </div>
      <CheckField
        {...field('open')}
        label="Open gate: opens with a button, takes no code"
        checked={values.open === 'on'}
        className="form-check"
      >
        <FieldError id="partner-open" error={errors.open} />
      </CheckField>
      {errors.open ? (
        // The second step of opening a gate with documents for code holders (the CLI's --publish-private).
        <CheckField
          id="partner-publish-private"
          name="publishPrivate"
          label="Open it anyway and publish these documents: anyone who opens the gate reads them"
          className="form-check"
        />
      ) : null}
    </>
  )
}
