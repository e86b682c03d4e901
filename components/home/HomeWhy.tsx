import { brand } from '../../lib/brand.ts'
import { Island } from '../islands/Island.tsx'
import { Section } from '../sections/Section.tsx'
import { WhyCards } from './WhyCards.tsx'

/** 'Why {product}': Vision, Problem and Solution cards that fade in on scroll. */
export function HomeWhy() {
  return (
    <Section
      id="why"
      eyebrow="The case for autonomy"
      title={`Why ${brand.product}`}
      intro={
        <p>
          Local delivery is broken for everyone involved. We started over with a vehicle built for the job.
        </p>
      }
    >
      <Island name="why-cards">
        <WhyCards />
      </Island>
    </Section>
  )
}
