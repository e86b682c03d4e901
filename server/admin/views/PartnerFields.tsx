import { FieldError } from './ErrorSummary.tsx'
import { TextField } from './TextField.tsx'

export interface PartnerFormState {
  values: Record<string, string>
  errors: Record<string, string>
}

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
  const field = (name: string, label: string, maxLength: number, hint?: string) => (
    <TextField
      id={`partner-${name}`}
      name={name}
      label={label}
      maxLength={maxLength}
      defaultValue={values[name]}
      error={errors[name]}
      hint={hint}
    />
  )
  return (
    <>
      <div className="form-grid form-grid--wide">
        {withSlug
          ? field('slug', 'Slug (the gate is /slug)', 32, 'Lowercase letters, digits, inner hyphens.')
          : null}
        {field('name', 'Name', 60)}
        {field(
          'tint',
          'Tint',
          7,
          hints ? 'A colour such as #1f6feb; empty: #5aa9ff.' : 'A colour such as #1f6feb.',
        )}
        {field('ink', 'Text on the tint', 7, hints ? 'Empty: #0b0d10.' : undefined)}
        {field(
          'monogram',
          'Monogram',
          3,
          hints ? 'Up to 3 letters; empty: the initials.' : 'Up to 3 letters.',
        )}
        {field(
          'audience',
          'Audience',
          80,
          hints ? 'Who the gate is for; empty: Partners.' : 'Who the gate is for.',
        )}
      </div>
      <div className="field field--check form-check">
        <input
          id="partner-open"
          name="open"
          type="checkbox"
          value="on"
          defaultChecked={values.open === 'on'}
          aria-invalid={errors.open ? true : undefined}
          aria-describedby={errors.open ? 'partner-open-error' : undefined}
        />
        <label htmlFor="partner-open">Open gate: opens with a button, takes no code</label>
        <FieldError id="partner-open" error={errors.open} />
      </div>
      {errors.open ? (
        // The second step of opening a gate with documents for code holders (the CLI's --publish-private).
        <div className="field field--check form-check">
          <input id="partner-publish-private" name="publishPrivate" type="checkbox" value="on" />
          <label htmlFor="partner-publish-private">
            Open it anyway and publish these documents: anyone who opens the gate reads them
          </label>
        </div>
      ) : null}
    </>
  )
}
