// A document's id is its address (/docket/documents/<id>): 128 random bits, so no id can be
// found by trying neighbours of another; base64url keeps it short and safe in a URL and a key.
import { randomBytes } from 'node:crypto'

export const newDocumentId = (): string => randomBytes(16).toString('base64url')

/** The shape of an id, checked before any query (an id from a URL or the CLI). */
export const DOCUMENT_ID = /^[A-Za-z0-9_-]{22}$/
