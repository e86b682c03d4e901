import { describedBy, LabelledField } from './FormParts.tsx'

export interface SelectOption {
  value: string
  label: string
}

/**
 * A labelled select whose first option asks for a choice (none is made for the admin) or, in a
 * filter, is the choice of all, with its error wired to it.
 */
export function SelectField({
  id,
  name,
  label,
  prompt,
  any,
  options,
  defaultValue,
  error,
}: {
  id: string
  name: string
  label: string
  /** The first option: unselectable ("Choose a gate"), or with `any` the choice of all ("Every partner"). */
  prompt: string
  any?: boolean
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
        <option value="" disabled={!any}>
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
