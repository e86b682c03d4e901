import { whyCards } from '../../lib/content/why.ts'
import { Reveal } from '../sections/Reveal.tsx'

// Thresholds within the spec's 0.1–0.3 range; later cards wait for a little more of themselves.
const thresholds = [0.1, 0.2, 0.3]

/** The cards: an island, so their fade-in runs in the browser (the HTML shows them as they are). */
export function WhyCards() {
  return (
    <ul className="why-grid grid-list">
      {whyCards.map((card, index) => (
        <Reveal
          as="li"
          key={card.kicker}
          className="why-card"
          threshold={thresholds[index] ?? 0.2}
          step={index as 0 | 1 | 2}
        >
          <p className="why-card__kicker">
            <span className="why-card__index badge" aria-hidden="true">
              0{index + 1}
            </span>
            {card.kicker}
          </p>
          <h3>{card.title}</h3>
          <p>{card.body}</p>
        </Reveal>
      ))}
    </ul>
  )
}
