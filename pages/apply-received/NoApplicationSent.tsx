import { NothingToConfirm } from '../../components/forms/NothingToConfirm.tsx'
import { PageHero } from '../../components/layout/PageHero.tsx'
import { brand } from '../../lib/brand.ts'
import { APPLY_PATH } from '../../lib/routes.ts'

// The confirmation page's address opened without an application just before it: no thanks for
// something that was not sent, and the way to the form.
export function NoApplicationSent() {
  return (
    <>
      <PageHero page="apply" eyebrow="Retailer Access" title="Apply for retailer access" compact />
      <NothingToConfirm
        tint
        title="No application to confirm"
        next={{ href: APPLY_PATH, label: 'Go to the application form' }}
        back={{ href: `mailto:${brand.email}`, label: `Questions? ${brand.email}` }}
      >
        <p>
          This page confirms an application in the hour after it is sent. To apply, fill in the application
          form: it takes a few minutes.
        </p>
        <p>Applied already? Our partnerships team writes to you within five business days.</p>
      </NothingToConfirm>
    </>
  )
}
