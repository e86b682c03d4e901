import { CONTACT_SENT } from '../../components/contact/ContactForm.tsx'
import { ConfirmationSection } from '../../components/forms/FormConfirmation.tsx'
import { PageHero } from '../../components/layout/PageHero.tsx'
import { contactNextSteps } from '../../lib/content/next-steps.ts'
import { CONTACT_PATH } from '../../lib/routes.ts'

// Where a message posted without JavaScript lands (Post/Redirect/Get, decision 022): reloading
// it shows it again and posts nothing.
export default function Page() {
  return (
    <>
      <PageHero page="contact" eyebrow="Contact" title="Thank you for writing" compact />
      <ConfirmationSection
        title={CONTACT_SENT}
        steps={contactNextSteps}
        next={{ href: CONTACT_PATH, label: 'Send another message' }}
        back={{ href: '/', label: 'Back to the home page' }}
      >
        <p>Thank you, your message has been received.</p>
      </ConfirmationSection>
    </>
  )
}
