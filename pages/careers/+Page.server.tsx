import { Island } from '../../components/islands/Island.tsx'
import { PageHero } from '../../components/layout/PageHero.tsx'
import { FeatureCards } from '../../components/sections/FeatureCards.tsx'
import { ListItems } from '../../components/sections/ListItems.tsx'
import { OfficeList } from '../../components/sections/OfficeList.tsx'
import { CareersFilm } from '../../components/sections/PageFilm.tsx'
import { Section } from '../../components/sections/Section.tsx'
import { SectionIntro } from '../../components/sections/SectionIntro.tsx'
import { brand } from '../../lib/brand.ts'
import { coreValues, culture, offices } from '../../lib/content/careers.ts'

// HTML-only page with an island (components/islands/README.md): see +client.ts.
export default function Page() {
  return (
    <>
      <PageHero page="careers" eyebrow="Careers" title="Build what moves cities">
        <p className="lede">
          Join the engineers, operators and designers putting autonomous stores on the road. We call ourselves{' '}
          {culture.name}.
        </p>
        <div className="page-hero__actions button-row">
          <a className="button button--accent" href="#offices">
            See our offices
          </a>
          <a className="button button--ghost" href={`mailto:${brand.email}?subject=Careers`}>
            Write to the team
          </a>
        </div>
      </PageHero>

      <section className="section" aria-labelledby="culture-title">
        <div className="container split split--even">
          <div>
            <SectionIntro id="culture-title" eyebrow="Culture" title={`Life as one of the ${culture.name}`} />
            <div className="prose">
              {culture.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
            <h3 className="careers-perks__title">What we offer</h3>
            <ul className="check-list">
              <ListItems items={culture.perks} />
            </ul>
          </div>
          <Island name="careers-film">
            <CareersFilm />
          </Island>
        </div>
      </section>

      <Section
        id="values"
        tone="dark"
        eyebrow="Core values"
        title="Eight values we hire and work by"
        intro={
          <p>They guide how we build, how we decide and how we treat each other, from the lab to the curb.</p>
        }
      >
        <FeatureCards cards={coreValues} columns={4} />
      </Section>

      <section className="section" id="offices" aria-labelledby="offices-title">
        <div className="container">
          <SectionIntro id="offices-title" eyebrow="Offices" title="Where we work">
            <p>
              Three offices, one fleet. Do not see your role? Send your résumé to{' '}
              <a href={`mailto:${brand.email}?subject=Careers`}>{brand.email}</a> and tell us what you would
              build.
            </p>
          </SectionIntro>
          <OfficeList offices={offices} />
        </div>
      </section>
    </>
  )
}
