import { ApplicationForm } from '../../components/apply/ApplicationForm.tsx'
import { readFormState } from '../../components/forms/form-state-script.tsx'

/** The island's component in the browser: the form, from the state the server rendered it with. */
export function ApplicationFormIsland() {
  return <ApplicationForm state={readFormState('apply')} />
}
