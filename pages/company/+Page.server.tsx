import { PageHero } from '../../components/layout/PageHero.tsx'
import { CtaBand } from '../../components/sections/CtaBand.tsx'
import { LogoWall } from '../../components/sections/LogoWall.tsx'
import { Section } from '../../components/sections/Section.tsx'
import { SectionIntro } from '../../components/sections/SectionIntro.tsx'
import { StatGrid } from '../../components/sections/StatGrid.tsx'
import { Timeline } from '../../components/sections/Timeline.tsx'
import { brand } from '../../lib/brand.ts'
import { claims } from '../../lib/content/claims.ts'
import { investors, mediaOutlets, milestones } from '../../lib/content/company.ts'

export default function Page() {
  return (
    <>
      <PageHero page="company" eyebrow="Company" title="Building the store that drives itself">
        <p className="lede">
          From a 2018 workshop prototype to driverless pilots on city streets: the story, the backers and the
          press behind the {brand.product}.
        </p>
      </PageHero>

      <section className="section" aria-labelledby="mission-title">
        <div className="container split">
          <SectionIntro
            id="mission-title"
            eyebrow="Our mission"
            title="Make local retail as close as the curb"
          />
          <div className="prose">
            <p>
              {brand.company} was founded on a simple observation: most deliveries are a two-ton car and a
              driver moving one small bag a few miles. That is slow for customers, expensive for stores and
              hard on cities.
            </p>
            <p>
              So we built a vehicle for the job instead: small, electric, driverless and fitted with ten
              lockers, able to collect from several stores and deliver to several customers on one trip. Today
              the {brand.product} is preparing for commercial launch in Austin, Texas.
            </p>
            <StatGrid claims={[claims.miles, claims.repeat]} columns={2} />
          </div>
        </div>
      </section>

      <Section
        id="history"
        tone="dark"
        eyebrow="History"
        title="From prototype to scale"
        intro={<p>Seven years of building, testing and piloting, one milestone at a time.</p>}
      >
        <Timeline milestones={milestones} />
      </Section>

      <Section
        id="investors"
        eyebrow="Investors"
        title="Backed by patient capital"
        intro={<p>Funds that share our patience for hard technology and our focus on unit economics.</p>}
      >
        <LogoWall marks={investors} label="Investors" />
      </Section>

      <Section
        id="media"
        tone="tint"
        eyebrow="Press"
        title="In the media"
        intro={
          <p>
            Coverage of the {brand.product} in technology, mobility and retail publications. For press
            enquiries, write to <a href={`mailto:${brand.email}`}>{brand.email}</a>.
          </p>
        }
      >
        <LogoWall marks={mediaOutlets} label="Media coverage" />
      </Section>

      <CtaBand
        title="Build the future of local delivery with us"
        text="Partner with us as a retailer, or join the team putting autonomous stores on the road."
      />
    </>
  )
}
