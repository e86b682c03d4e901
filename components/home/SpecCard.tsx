import type { SpecFact } from '../../lib/content/vehicle.ts'

/** One specification card (Vehicle Specs, Cargo Specs): a titled description list. */
export function SpecCard({
  id,
  title,
  summary,
  facts,
}: {
  id: string
  title: string
  summary: string
  facts: SpecFact[]
}) {
  return (
    <article className="spec-card" aria-labelledby={id}>
      <header className="spec-card__header">
        <h3 id={id}>{title}</h3>
        <p>{summary}</p>
      </header>
      <dl className="spec-card__list">
        {facts.map((fact) => (
          <div key={fact.label} className="spec-card__row">
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </article>
  )
}
