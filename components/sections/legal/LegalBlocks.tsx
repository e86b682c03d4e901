import type { LegalBlock } from '../../../lib/content/legal.ts'
import { ContactDetails } from '../ContactDetails.tsx'
import { ListItems } from '../ListItems.tsx'

/** Paragraphs, lists, sub-headings and the contact block of one legal section. */
export function LegalBlocks({ blocks }: { blocks: LegalBlock[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        const key = `${block.kind}-${index}`
        switch (block.kind) {
          case 'p':
            return <p key={key}>{block.text}</p>
          case 'h3':
            return <h3 key={key}>{block.text}</h3>
          case 'ul':
            return (
              <ul key={key}>
                <ListItems items={block.items} />
              </ul>
            )
          case 'contact':
            return (
              <div key={key} className="legal__contact">
                <ContactDetails />
              </div>
            )
          default:
            return null
        }
      })}
    </>
  )
}
