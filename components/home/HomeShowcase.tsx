import { brand } from '../../lib/brand.ts'
import { Island } from '../islands/Island.tsx'
import { ShowcaseMedia } from './ShowcaseMedia.tsx'

/** The animated showcase band: an island (animation, background video, parallax, frames) and copy. */
export function HomeShowcase() {
  return (
    <section className="home-showcase" aria-labelledby="showcase-title">
      <div className="container home-showcase__inner">
        <div className="home-showcase__copy">
          <p className="eyebrow caps-label">Curbside, contactless</p>
          <h2 id="showcase-title">Your order, in your locker, at your curb.</h2>
          <p className="lede">
            When the {brand.product} pulls up, only your phone can open your locker. Ambient, chilled or
            heated, each order travels in its own compartment, sealed from the store to your door.
          </p>
          <a className="text-link" href="/experience">
            Follow an order from tap to curb <span aria-hidden="true">→</span>
          </a>
        </div>
        <Island name="showcase-media">
          <ShowcaseMedia />
        </Island>
      </div>
    </section>
  )
}
