import { brand } from '../../lib/brand.ts'
import { homeClaims } from '../../lib/content/claims.ts'
import { SectionIntro } from '../sections/SectionIntro.tsx'
import { StatGrid } from '../sections/StatGrid.tsx'

/** The claims of docs/original-behaviour.md §1 as headline figures. */
export function HomeClaims() {
  return (
    <section className="section section--dark" aria-labelledby="claims-title">
      <div className="container">
        <SectionIntro
          id="claims-title"
          eyebrow="By the numbers"
          title="Faster for customers. Cheaper for stores."
        >
          <p>
            Years of driverless pilots with grocers, convenience stores and restaurants, measured delivery by
            delivery. Here is what the {brand.product} does for retail.
          </p>
        </SectionIntro>
        <StatGrid claims={homeClaims} />
      </div>
    </section>
  )
}
