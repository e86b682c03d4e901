// Shape of a legal document (terms, privacy): sections with stable anchor ids, rendered with a
// table of contents by components/sections/legal/LegalDocument.tsx.
export type LegalBlock =
  | { kind: 'p'; text: string }
  | { kind: 'ul'; items: string[] }
  /** A labelled group inside a section, e.g. 'Customers' under 'Information we collect'. */
  | { kind: 'h3'; text: string }
  /** The company's postal address, e-mail and phone, from lib/brand. */
  | { kind: 'contact' }

export interface LegalSection {
  id: string
  title: string
  blocks: LegalBlock[]
}

export interface LegalDocument {
  title: string
  /** Shown under the title and in the hero, e.g. 'Last updated August 24, 2025'. */
  updated: string
  /** Facts shown as a short list beside the date (country, who it covers). */
  facts: Array<{ label: string; value: string }>
  intro: LegalBlock[]
  sections: LegalSection[]
}

/** Anchor ids must be unique within a document: the table of contents and links rely on them. */
export function duplicateSectionIds(document: LegalDocument): string[] {
  const seen = new Set<string>()
  const duplicates: string[] = []
  for (const section of document.sections) {
    if (seen.has(section.id)) duplicates.push(section.id)
    seen.add(section.id)
  }
  return duplicates
}
