import type { Claim } from '../../lib/content/claims.ts'

/** Headline figures as a description list: the figure is the term, its meaning the description. */
export function StatGrid({ claims, columns = 3 }: { claims: Claim[]; columns?: 2 | 3 | 4 }) {
  return (
    <dl className={`stat-grid stat-grid--${columns}`}>
      {claims.map((claim) => (
        <div className="stat" key={`${claim.value}-${claim.label}`}>
          <dt className="stat__value">
            {claim.value} <span className="stat__label">{claim.label}</span>
          </dt>
          <dd className="stat__detail">{claim.detail}</dd>
        </div>
      ))}
    </dl>
  )
}
