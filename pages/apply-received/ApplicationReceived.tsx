import { APPLICATION_SUCCESS, ApplicationForm } from '../../components/apply/ApplicationForm.tsx'
import { ConfirmationSection } from '../../components/forms/FormConfirmation.tsx'
import { Island } from '../../components/islands/Island.tsx'
import { PageHero } from '../../components/layout/PageHero.tsx'
import { SectionIntro } from '../../components/sections/SectionIntro.tsx'
import { brand } from '../../lib/brand.ts'
import { applicationNextSteps } from '../../lib/content/next-steps.ts'
import { emptyFormState } from '../../lib/forms/form-state.ts'

// The confirmation of a stored application posted without JavaScript: reloading it shows it
// again and posts nothing. The panel takes focus as the page loads (scrolled into view), and the
// spec's sentence is its first line and its name: what is read first. Below it, the form again,
// empty: the spec's form resets on success (docs/original-behaviour.md §4).
export function ApplicationReceived() {
  return (
    <>
      <PageHero page="apply" eyebrow="Retailer Access" title="Thank you for applying" compact>
        <p className="lede">We have your application for the {brand.product} rollout.</p>
      </PageHero>
      <ConfirmationSection
        tint
        title={APPLICATION_SUCCESS}
        steps={applicationNextSteps}
        next={{ href: '/', label: 'Back to the home page' }}
        back={{ href: `mailto:${brand.email}`, label: `Questions? ${brand.email}` }}
      >
        <p>Your application is stored and our partnerships team has been told.</p>
      </ConfirmationSection>
      <section className="section apply-section" id="application" aria-labelledby="application-title">
        <div className="container split">
          <div className="split__sticky apply-aside">
            <SectionIntro id="application-title" eyebrow="Apply" title="Another store or brand?">
              <p>The form is ready for another application, empty.</p>
            </SectionIntro>
          </div>
          <div>
            <Island name="application-form">
              <ApplicationForm state={emptyFormState} />
            </Island>
          </div>
        </div>
      </section>
    </>
  )
}
