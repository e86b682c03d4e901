import { type ViewerIdentity, viewerWords } from '../../lib/documents/viewer-identity.ts'

/** "Viewing as Dana", "Viewing with a Circle K access code": who is reading, the name in bold. */
export function ViewerLine({ verb, viewer }: { verb: string; viewer: ViewerIdentity }) {
  const words = viewerWords(verb, viewer)
  // One text node each side of the name: the HTML reads as the sentence, with no markers between.
  return (
    <>
      {`${words.before} `}
      <strong>{words.name}</strong>
      {words.after ? ` ${words.after}` : null}
    </>
  )
}
