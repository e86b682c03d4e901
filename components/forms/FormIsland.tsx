// A form on an HTML-only page as an island (decision 022), rendered with the state of a failed post
// when there is one: the state goes to the browser beside the island (FormStateScript), so the
// island hydrates from what the server rendered.
import type { ComponentType } from 'react'
import { emptyFormState, type FormState } from '../../lib/forms/form-state.ts'
import { Island } from '../islands/Island.tsx'
import { FormStateScript } from './form-state-script.tsx'

export function FormIsland({
  form,
  island,
  state,
  Form,
}: {
  /** The form's name in its state's data block. */
  form: string
  /** The island's name, as the page's +client.ts starts it. */
  island: string
  state: FormState | undefined
  Form: ComponentType<{ state: FormState }>
}) {
  return (
    <>
      <FormStateScript form={form} state={state} />
      <Island name={island}>
        <Form state={state ?? emptyFormState} />
      </Island>
    </>
  )
}
