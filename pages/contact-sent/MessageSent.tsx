import { CONTACT_SENT } from '../../components/contact/ContactForm.tsx'
import { ConfirmationSection } from '../../components/forms/FormConfirmation.tsx'
import { PageHero } from '../../components/layout/PageHero.tsx'
import { contactNextSteps } from '../../lib/content/next-steps.ts'
import { CONTACT_PATH } from '../../lib/routes.ts'

// The confirmation of a stored message posted without JavaScript: reloading it shows it again and
// posts nothing.
export function MessageSent() {
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
