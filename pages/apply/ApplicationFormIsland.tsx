import { ApplicationForm } from '../../components/apply/ApplicationForm'
import { readFormState } from '../../components/forms/form-state-script'

/** The island's component in the browser: the form, from the state the server rendered it with. */
export function ApplicationFormIsland() {
  return <ApplicationForm state={readFormState('apply')} />
}
