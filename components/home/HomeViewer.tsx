import { brand } from '../../lib/brand'
import { SectionIntro } from '../sections/SectionIntro'
import { Viewer360Slot } from './slots/Viewer360Slot'

/** The 360° product viewer in its section (the viewer itself is a media slot). */
export function HomeViewer() {
  return (
    <section className="section section--tint" aria-labelledby="viewer-title">
      <div className="container">
        <SectionIntro id="viewer-title" eyebrow="360° view" title={`Walk around the ${brand.product}`} center>
          <p>
            Drag to turn the vehicle and see the locker bank, the sensor suite and the curbside doors from
            every side.
          </p>
        </SectionIntro>
        <Viewer360Slot />
      </div>
    </section>
  )
}
