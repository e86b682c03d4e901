// A document's id is its address (/docket/documents/<id>): 128 random bits, so no id can be
// found by trying neighbours of another. Hex rather than base64url: an id that starts with '-'
// would read as an option to `rm5 documents replace <id>`.
import { randomBytes } from 'node:crypto'

export const newDocumentId = (): string => randomBytes(16).toString('hex')

/** The shape of an id, checked before any query (an id from a URL or the CLI). */
export const DOCUMENT_ID = /^[0-9a-f]{32}$/
