import { brand } from '../../lib/brand.ts'
import { Island } from '../islands/Island.tsx'
import { Viewer360 } from '../media/viewer/Viewer360.tsx'
import { SectionIntro } from '../sections/SectionIntro.tsx'

/** The 360° product viewer in its section (the viewer itself is an island). */
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
        <Island name="viewer">
          <Viewer360 />
        </Island>
      </div>
    </section>
  )
}
