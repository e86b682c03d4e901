import { CONTACT_SENT } from '../../components/contact/ContactForm.tsx'
import { FormConfirmation } from '../../components/forms/FormConfirmation.tsx'
import { PageHero } from '../../components/layout/PageHero.tsx'
import { contactNextSteps } from '../../lib/content/next-steps.ts'
import { CONTACT_PATH } from '../../lib/routes.ts'

// Where a message posted without JavaScript lands (Post/Redirect/Get, decision 022): reloading
// it shows it again and posts nothing.
export default function Page() {
  return (
    <>
      <PageHero page="contact" eyebrow="Contact" title="Thank you for writing" compact />
      <section className="section">
        <div className="container confirmation-page">
          <FormConfirmation
            title={CONTACT_SENT}
            steps={contactNextSteps}
            autoFocus
            actions={
              <>
                <a className="button button--dark" href={CONTACT_PATH}>
                  Send another message
                </a>
                <a className="text-link" href="/">
                  Back to the home page
                </a>
              </>
            }
          >
            <p>Thank you, your message has been received.</p>
          </FormConfirmation>
        </div>
      </section>
    </>
  )
}
