// Hands the state of a form rendered for a failed post (lib/forms/form-state.ts) from the server
// to the browser's island: the island hydrates from the same state, so it renders exactly the
// HTML the server sent (values, errors, summary). A JSON data block, outside the island's element,
// is inert (never executed, so the Content-Security-Policy allows it).
import { emptyFormState, type FormState } from '../../lib/forms/form-state.ts'

const scriptId = (form: string) => `${form}-form-state`

/** Server side: the data block, or nothing on the pre-rendered (empty) page. */
export function FormStateScript({ form, state }: { form: string; state: FormState | undefined }) {
  if (!state) return null
  // "<" escaped so no value can close the script element.
  const json = JSON.stringify(state).replaceAll('<', '\\u003c')
  return (
    <script
      type="application/json"
      id={scriptId(form)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped, never executed
      dangerouslySetInnerHTML={{ __html: json }}
    />
  )
}

/** Browser side: the state the server rendered the form with. */
export function readFormState(form: string): FormState {
  const text = document.getElementById(scriptId(form))?.textContent
  if (!text) return emptyFormState
  try {
    return JSON.parse(text) as FormState
  } catch {
    return emptyFormState
  }
}
