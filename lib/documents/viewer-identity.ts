// How the data room names who is reading: the page's line ("Viewing as …", "Accepting as …"), the
// watermark that attributes a copy and what the agreement says an acceptance is recorded with. All
// come from one reading of how the viewer came in, so a code that names no one is never written
// as a person, and a gate that takes no code is never written as a code.

/** Who is reading, by how they came in. */
export type ViewerIdentity =
  /**
   * The proved e-mail, else the label the code was given (a person's name, as a rule). `proved`:
   * the name is an e-mail a one-time link proved, so the site knows the person on a later visit.
   */
  | { kind: 'person'; name: string; proved: boolean }
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
  if (viewer.email) return { kind: 'person', name: viewer.email, proved: true }
  if (viewer.label) return { kind: 'person', name: viewer.label, proved: false }
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

/**
 * The watermark's first part (decision 031: "viewer · retailer · date"), who a copy was served to:
 * the person; else the partner's code, since whoever held it saw the copy; else the open docket,
 * since nothing about the reader is known there.
 */
export function viewerMark(identity: ViewerIdentity): string {
  switch (identity.kind) {
    case 'person':
      return identity.name
    case 'code':
      return `${identity.partnerName} access code`
    case 'open':
      return `${identity.partnerName} open docket, no access code`
  }
}

/**
 * The agreement page's promise of what an acceptance is recorded with and how long it holds
 * (acceptances.server.ts keeps the code, the proved e-mail, the session and the time): a name only
 * where the site knows one, and for this visit only where no proved e-mail follows the person.
 */
export function acceptanceRecord(identity: ViewerIdentity): string {
  switch (identity.kind) {
    case 'person':
      return identity.proved
        ? 'Your acceptance is recorded with your name and the time.'
        : `Your acceptance is recorded with your name and the time, ${FOR_THIS_VISIT}`
    case 'code':
      return `Your acceptance is recorded with your ${identity.partnerName} access code and the time, ${FOR_THIS_VISIT}`
    case 'open':
      return `The ${identity.partnerName} docket asks for no access code or name: your acceptance is recorded with the time, ${FOR_THIS_VISIT}`
  }
}

/** An acceptance bound to the session that made it: the next visit asks again. */
const FOR_THIS_VISIT = 'for this visit only.'
