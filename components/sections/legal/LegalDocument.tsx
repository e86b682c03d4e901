import type { LegalDocument as LegalDocumentData } from '../../../lib/content/legal.ts'
import { LegalBlocks } from './LegalBlocks.tsx'

/**
 * A legal page body: a table of contents beside numbered sections. Every section heading has an
 * id and a visible anchor link, so any point can be linked to directly.
 */
export function LegalDocument({ document }: { document: LegalDocumentData }) {
  return (
    <div className="container legal">
      <aside className="legal__aside">
        <nav className="legal__toc" aria-labelledby="toc-title">
          <h2 id="toc-title" className="legal__toc-title caps-label">
            On this page
          </h2>
          <ol>
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      </aside>
      <article className="legal__body" aria-labelledby="page-title">
        <div className="legal__intro">
          <p className="legal__updated">{document.updated}</p>
          <LegalBlocks blocks={document.intro} />
        </div>
        {document.sections.map((section, index) => (
          <section key={section.id} className="legal__section" aria-labelledby={section.id}>
            <h2 id={section.id} className="legal__heading">
              <span className="legal__number" aria-hidden="true">
                {index + 1}.
              </span>
              {/* The anchor is held to the title's last word: a wrapped title does not leave it
                  alone at the end of its widest line. */}
              <span>
                {section.title}
                {'\u00a0'}
                <a
                  className="legal__anchor"
                  href={`#${section.id}`}
                  aria-label={`Link to “${section.title}”`}
                >
                  #
                </a>
              </span>
            </h2>
            <LegalBlocks blocks={section.blocks} />
          </section>
        ))}
      </article>
    </div>
  )
}
