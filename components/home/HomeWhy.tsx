import { brand } from '../../lib/brand.ts'
import { Island } from '../islands/Island.tsx'
import { SectionIntro } from '../sections/SectionIntro.tsx'
import { WhyCards } from './WhyCards.tsx'

/** 'Why {product}': Vision, Problem and Solution cards that fade in on scroll. */
export function HomeWhy() {
  return (
    <section className="section" aria-labelledby="why-title">
      <div className="container">
        <SectionIntro id="why-title" eyebrow="The case for autonomy" title={`Why ${brand.product}`}>
          <p>
            Local delivery is broken for everyone involved. We started over with a vehicle built for the job.
          </p>
        </SectionIntro>
        <Island name="why-cards">
          <WhyCards />
        </Island>
      </div>
    </section>
  )
}
