import { Island } from '../../components/islands/Island.tsx'
import { PageHero } from '../../components/layout/PageHero.tsx'
import { CtaBand } from '../../components/sections/CtaBand.tsx'
import { FeatureCards } from '../../components/sections/FeatureCards.tsx'
import { Icon, type IconName } from '../../components/sections/Icon.tsx'
import { AutonomyFilm } from '../../components/sections/PageFilm.tsx'
import { Section } from '../../components/sections/Section.tsx'
import { SectionIntro } from '../../components/sections/SectionIntro.tsx'
import { StatGrid } from '../../components/sections/StatGrid.tsx'
import { brand } from '../../lib/brand.ts'
import { claims } from '../../lib/content/claims.ts'
import { safetyFeatures } from '../../lib/content/safety.ts'
import { TechnologyCapabilityMap } from './TechnologyCapabilityMap.tsx'

const safetyIcons: IconName[] = ['radar', 'gauge', 'layers', 'person', 'headset', 'lock']

// HTML-only page with islands (components/islands/README.md): see +client.ts.
export default function Page() {
  return (
    <>
      <PageHero page="technology" eyebrow="Technology" title="Autonomy built for the last mile">
        <p className="lede">
          A full self-driving system, zoned deployment and fleet orchestration that put a store at the curb in
          about ten minutes.
        </p>
      </PageHero>

      <Section
        id="capabilities"
        tone="dark"
        eyebrow="Capability map"
        title="Eight capabilities, one delivery"
        intro={
          <p>
            From the retailer’s catalog to the customer’s curb, every step of a {brand.product} delivery runs
            on our own technology. Choose a capability to see what it does and how it works.
          </p>
        }
      >
        <Island name="capability-map">
          <TechnologyCapabilityMap />
        </Island>
      </Section>

      <section className="section" aria-labelledby="autonomy-title">
        <div className="container split split--even">
          <div>
            <SectionIntro id="autonomy-title" eyebrow="Autonomy" title="Driverless, on real streets">
              <p>
                Watch the {brand.product} navigate a live neighborhood: yielding to pedestrians, reading a
                four-way stop and pulling up at the curb with no one on board.
              </p>
            </SectionIntro>
            <StatGrid claims={[claims.miles, claims.routeTime]} columns={2} />
          </div>
          <Island name="autonomy-film">
            <AutonomyFilm />
          </Island>
        </div>
      </section>

      <Section
        id="safety"
        tone="tint"
        eyebrow="Safety"
        title="Safety is the first feature"
        intro={
          <p>
            The {brand.product} carries no driver and no passengers, so every design choice can favor the
            people around it. Six layers of protection work together on every trip.
          </p>
        }
      >
        <FeatureCards
          cards={safetyFeatures.map((feature, index) => ({
            ...feature,
            icon: <Icon name={safetyIcons[index] ?? 'radar'} />,
          }))}
        />
      </Section>

      <CtaBand />
    </>
  )
}
