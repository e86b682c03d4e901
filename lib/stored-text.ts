// One-line text an admin stores and later reads in the console or a terminal (labels, names,
// titles): cleaned at input by one zod transform, so a control sequence (ESC[2J, an OSC title,
// a bidirectional override) is never stored, whichever way the text came in.
import { z } from 'zod'
import { cleanLine } from './forms/text.ts'

/** Format characters too (zero-width joiners excepted: emoji sequences need them). */
const FORMAT = /(?![\u200C\u200D])\p{Cf}/gu

/** The text without control and format characters, whitespace runs as one space, trimmed. */
export const storedLineText = (value: string) => cleanLine(value).replace(FORMAT, '')

/** A one-line text of at most `max` characters once cleaned (possibly empty). */
export const optionalStoredLine = (max: number, long?: string) =>
  z.string().transform(storedLineText).pipe(z.string().max(max, long))

/** A required one-line text of at most `max` characters once cleaned. */
export const storedLine = (max: number, messages: { empty?: string; long?: string } = {}) =>
  z.string().transform(storedLineText).pipe(z.string().min(1, messages.empty).max(max, messages.long))
