import { brand } from '../../lib/brand.ts'
import { APPLY_PATH } from '../../lib/routes.ts'
import { Island } from '../islands/Island.tsx'
import { HeroVideo } from './HeroVideo.tsx'
import { MeetRm5 } from './MeetRm5.tsx'

/** Full-height opening band: the hero video behind the page's h1, and the 'Meet the RM5' card. */
export function HomeHero() {
  return (
    <section className="home-hero" aria-labelledby="page-title">
      <Island name="hero-video">
        <HeroVideo />
      </Island>
      <div className="container home-hero__inner">
        <div className="home-hero__content">
          <p className="eyebrow caps-label">The autonomous mobile store</p>
          <h1 id="page-title">Meet the {brand.product}</h1>
          <p className="lede">
            Ten lockers, 500 lbs of payload and no one at the wheel. A store that drives itself to the curb in
            about ten minutes.
          </p>
          <div className="page-hero__actions button-row">
            <a className="button button--accent" href={APPLY_PATH}>
              Retailer Access{' '}
              <span className="button__arrow" aria-hidden="true">
                →
              </span>
            </a>
            <a className="button button--ghost" href="/experience">
              See how it works
            </a>
          </div>
        </div>
        <div className="home-hero__aside">
          <Island name="meet-rm5">
            <MeetRm5 />
          </Island>
        </div>
      </div>
    </section>
  )
}
