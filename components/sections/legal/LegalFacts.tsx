import type { LegalDocument } from '../../../lib/content/legal.ts'

/** The date and key facts of a legal document, for its hero. */
export function LegalFacts({ document }: { document: LegalDocument }) {
  return (
    <dl className="legal-facts">
      <div>
        <dt className="caps-label">Last updated</dt>
        <dd>{document.updated.replace(/^Last updated /, '')}</dd>
      </div>
      {document.facts.map((fact) => (
        <div key={fact.label}>
          <dt className="caps-label">{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  )
}
