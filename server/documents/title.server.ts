// A document's title: the one rule the store, the console and the CLI's argument check share.
// Kept apart from validate.server.ts so that a command can check its arguments without loading
// the document checks.
import { storedLine } from '../../lib/stored-text.ts'

export const MAX_TITLE_LENGTH = 200

export const titleSchema = storedLine(MAX_TITLE_LENGTH, {
  empty: 'The title is empty.',
  long: `The title is longer than ${MAX_TITLE_LENGTH} characters.`,
})
