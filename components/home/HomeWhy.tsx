import { brand } from '../../lib/brand'
import { whyCards } from '../../lib/content/why'
import { Reveal } from '../sections/Reveal'
import { SectionIntro } from '../sections/SectionIntro'

// Thresholds within the spec's 0.1–0.3 range; later cards wait for a little more of themselves.
const thresholds = [0.1, 0.2, 0.3]

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
        <ul className="why-grid">
          {whyCards.map((card, index) => (
            <Reveal
              as="li"
              key={card.kicker}
              className="why-card"
              threshold={thresholds[index] ?? 0.2}
              step={index as 0 | 1 | 2}
            >
              <p className="why-card__kicker">
                <span className="why-card__index" aria-hidden="true">
                  0{index + 1}
                </span>
                {card.kicker}
              </p>
              <h3>{card.title}</h3>
              <p>{card.body}</p>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  )
}
