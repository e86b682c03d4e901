// How a data-room page names who is reading ("Viewing as …", "Accepting as …"). The watermark
// has one name for everyone (viewerName, lib/documents.ts); a sentence has to read right for each
// way in: a person the site can name, a partner's code that names no one, a gate that takes none.

/** Who is reading, by how they came in. */
export type ViewerIdentity =
  /** The proved e-mail, else the label the code was given (a person's name, as a rule). */
  | { kind: 'person'; name: string }
  /** A code of the partner's without a label: the site knows the code, not the person. */
  | { kind: 'code'; partnerName: string }
  /** A gate that opens without a code: anyone who opens it. */
  | { kind: 'open'; partnerName: string }

export function viewerIdentity(viewer: {
  partnerName: string
  codeId: string | null
  email: string | null
  label: string | null
}): ViewerIdentity {
  const name = viewer.email ?? viewer.label
  if (name) return { kind: 'person', name }
  return { kind: viewer.codeId ? 'code' : 'open', partnerName: viewer.partnerName }
}

/** The sentence around the name, for a verb ("Viewing"): the name is what the page emphasises. */
export interface ViewerWords {
  before: string
  name: string
  after: string
}

export function viewerWords(verb: string, identity: ViewerIdentity): ViewerWords {
  switch (identity.kind) {
    case 'person':
      return { before: `${verb} as`, name: identity.name, after: '' }
    case 'code':
      return { before: `${verb} with a`, name: identity.partnerName, after: 'access code' }
    case 'open':
      // The gate's own words for it: "… open the docket directly: no access code needed".
      return {
        before: `${verb} through the`,
        name: identity.partnerName,
        after: 'docket, no access code needed',
      }
  }
}
