import { brand } from '../../lib/brand.ts'
import { Island } from '../islands/Island.tsx'
import { Turntable } from '../media/turntable/Turntable.tsx'
import { Section } from '../sections/Section.tsx'

/** The 360° product viewer in its section (the turntable itself is an island). */
export function HomeTurntable() {
  return (
    <Section
      id="viewer"
      tone="tint"
      eyebrow="360° view"
      title={`Walk around the ${brand.product}`}
      center
      intro={
        <p>
          Drag to turn the vehicle and see the locker bank, the sensor suite and the curbside doors from every
          side.
        </p>
      }
    >
      <Island name="turntable">
        <Turntable />
      </Island>
    </Section>
  )
}
