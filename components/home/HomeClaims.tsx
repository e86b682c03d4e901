import { brand } from '../../lib/brand.ts'
import { homeClaims } from '../../lib/content/claims.ts'
import { Section } from '../sections/Section.tsx'
import { StatGrid } from '../sections/StatGrid.tsx'

/** The claims of docs/original-behaviour.md §1 as headline figures. */
export function HomeClaims() {
  return (
    <Section
      id="claims"
      tone="dark"
      eyebrow="By the numbers"
      title="Faster for customers. Cheaper for stores."
      intro={
        <p>
          Years of driverless pilots with grocers, convenience stores and restaurants, measured delivery by
          delivery. Here is what the {brand.product} does for retail.
        </p>
      }
    >
      <StatGrid claims={homeClaims} />
    </Section>
  )
}
