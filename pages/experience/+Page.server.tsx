import { PageHero } from '../../components/layout/PageHero.tsx'
import { CtaBand } from '../../components/sections/CtaBand.tsx'
import { JourneySteps } from '../../components/sections/JourneySteps.tsx'
import { Section } from '../../components/sections/Section.tsx'
import { SectionIntro } from '../../components/sections/SectionIntro.tsx'
import { StatGrid } from '../../components/sections/StatGrid.tsx'
import { brand } from '../../lib/brand.ts'
import { claims } from '../../lib/content/claims.ts'
import { journeySteps } from '../../lib/content/experience.ts'

export default function Page() {
  return (
    <>
      <PageHero page="experience" eyebrow="Experience" title="The delivery journey">
        <p className="lede">
          Seven steps from tap to curb: how an order travels from the store shelf to a secure locker at the
          customer’s door.
        </p>
      </PageHero>

      <section className="section" aria-labelledby="journey-title">
        <div className="container split">
          <div className="split__sticky">
            <SectionIntro
              id="journey-title"
              eyebrow="Seven steps"
              title="From tap to curb in about ten minutes"
            >
              <p>
                Customers shop their favorite local stores in the app. Staff pick and load. The{' '}
                {brand.product} does the driving. Here is every step, in order.
              </p>
            </SectionIntro>
          </div>
          <JourneySteps steps={journeySteps} />
        </div>
      </section>

      <Section
        id="promise"
        tone="dark"
        eyebrow="The promise"
        title="Fast, predictable and fair"
        intro={
          <p>
            No markups, no service fees and no tips: customers pay the shelf price and a flat autonomy fee,
            and know their delivery window before they check out.
          </p>
        }
      >
        <StatGrid claims={[claims.averageDelivery, claims.windows, claims.repeat, claims.cost]} columns={4} />
      </Section>

      <CtaBand title="Put your store on the route" />
    </>
  )
}
