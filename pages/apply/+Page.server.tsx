import { usePageContext } from 'vike-react/usePageContext'
import { ApplicationForm } from '../../components/apply/ApplicationForm.tsx'
import { RolloutTimeline } from '../../components/apply/RolloutTimeline.tsx'
import { FormIsland } from '../../components/forms/FormIsland.tsx'
import { PageHero } from '../../components/layout/PageHero.tsx'
import { Section } from '../../components/sections/Section.tsx'
import { SectionIntro } from '../../components/sections/SectionIntro.tsx'
import { brand } from '../../lib/brand.ts'
import { applicationNextSteps } from '../../lib/content/next-steps.ts'
import { rolloutPhases } from '../../lib/content/rollout.ts'

// HTML-only page (decision 020) whose form is an island (decision 022): see +client.ts. After a
// failed post without JavaScript the server renders it with the post's state (formState).
export default function Page() {
  const { formState } = usePageContext()
  return (
    <>
      <PageHero page="apply" eyebrow="Retailer Access" title="Bring the RM5 to your stores">
        <p className="lede">
          Apply to join the rollout: we are onboarding retailers in Austin first, then across Texas and the
          nation.
        </p>
        <div className="page-hero__actions button-row">
          <a className="button button--accent" href="#application">
            Start your application{' '}
            <span className="button__arrow" aria-hidden="true">
              →
            </span>
          </a>
          <a className="button button--ghost" href="#rollout-title">
            See the rollout
          </a>
        </div>
      </PageHero>

      <Section
        id="rollout"
        tone="dark"
        eyebrow="Deployment timeline"
        title="Where we launch, and when"
        intro={
          <p>
            Three phases take the {brand.product} from Austin to the nation. Retailers who apply now are first
            in line for their market.
          </p>
        }
      >
        <RolloutTimeline phases={rolloutPhases} />
      </Section>

      <section
        className="section section--tint apply-section"
        id="application"
        aria-labelledby="application-title"
      >
        <div className="container split">
          <div className="split__sticky apply-aside">
            <SectionIntro id="application-title" eyebrow="Apply" title="Become a launch partner">
              <p>
                Tell us about your business. It takes about three minutes, and there is no commitment until
                you sign a partnership agreement.
              </p>
            </SectionIntro>
            <h3 className="apply-aside__title caps-label">What happens next</h3>
            <ol className="apply-steps grid-list">
              {applicationNextSteps.map((step) => (
                <li key={step.title}>
                  <h4>{step.title}</h4>
                  <p>{step.body}</p>
                </li>
              ))}
            </ol>
            <p className="apply-aside__contact">
              Questions first? Write to <a href={`mailto:${brand.email}`}>{brand.email}</a>.
            </p>
          </div>
          <div>
            <FormIsland form="apply" island="application-form" state={formState} Form={ApplicationForm} />
          </div>
        </div>
      </section>
    </>
  )
}
