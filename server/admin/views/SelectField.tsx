import { describedBy, LabelledField } from './FormParts.tsx'

export interface SelectOption {
  value: string
  label: string
}

/**
 * A labelled select whose first option asks for a choice (none is made for the admin), with its
 * error wired to it.
 */
export function SelectField({
  id,
  name,
  label,
  prompt,
  options,
  defaultValue,
  error,
}: {
  id: string
  name: string
  label: string
  /** The first, unselectable option ("Choose a gate"). */
  prompt: string
  options: readonly SelectOption[]
  defaultValue?: string
  error?: string
}) {
  return (
    <LabelledField id={id} label={label} error={error}>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error })}
      >
        <option value="" disabled>
          {prompt}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  )
}

/** The options naming partners' gates: "Circle K (/circlek)". */
export const gateOptions = (gates: readonly { slug: string; name: string }[]): SelectOption[] =>
  gates.map((gate) => ({ value: gate.slug, label: `${gate.name} (/${gate.slug})` }))

/** One radio of a group, labelled, ticked when its value is the chosen one. */
export function Radio({
  id,
  name,
  option,
  chosen,
}: {
  id: string
  name: string
  option: SelectOption
  chosen: string
}) {
  return (
    <div className="field field--check">
      <input
        id={`${id}-${option.value}`}
        name={name}
        type="radio"
        value={option.value}
        defaultChecked={option.value === chosen}
      />
      <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
    </div>
  )
}
