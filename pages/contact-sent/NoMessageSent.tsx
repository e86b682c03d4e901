import { NothingToConfirm } from '../../components/forms/NothingToConfirm.tsx'
import { PageHero } from '../../components/layout/PageHero.tsx'
import { CONTACT_PATH } from '../../lib/routes.ts'

// The confirmation page's address opened without a message just before it: no thanks for
// something that was not sent, and the way to the form.
export function NoMessageSent() {
  return (
    <>
      <PageHero page="contact" eyebrow="Contact" title="Talk to us" compact />
      <NothingToConfirm
        title="No message to confirm"
        next={{ href: CONTACT_PATH, label: 'Write a message' }}
        back={{ href: '/', label: 'Back to the home page' }}
      >
        <p>
          This page confirms a message in the hour after it is sent. To write to us, use the contact form.
        </p>
        <p>Written already? We answer within one business day, at the address you gave.</p>
      </NothingToConfirm>
    </>
  )
}
