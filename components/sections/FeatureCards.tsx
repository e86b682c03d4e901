import type { ReactNode } from 'react'

export interface FeatureCard {
  title: string
  body: string
  icon?: ReactNode
}

/** A grid of short titled cards (safety features, core values), numbered or with an icon. */
export function FeatureCards({ cards, columns = 3 }: { cards: FeatureCard[]; columns?: 3 | 4 }) {
  return (
    <ul className={`feature-cards feature-cards--${columns}`}>
      {cards.map((card, index) => (
        <li key={card.title} className="card feature-card">
          {card.icon ? (
            <span className="card__icon" aria-hidden="true">
              {card.icon}
            </span>
          ) : (
            <span className="card__index" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
          )}
          <h3>{card.title}</h3>
          <p>{card.body}</p>
        </li>
      ))}
    </ul>
  )
}
