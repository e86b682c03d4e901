import { ContactForm } from '../../components/contact/ContactForm.tsx'
import { readFormState } from '../../components/forms/form-state-script.tsx'

/** The island's component in the browser: the form, from the state the server rendered it with. */
export function ContactFormIsland() {
  return <ContactForm state={readFormState('contact')} />
}
