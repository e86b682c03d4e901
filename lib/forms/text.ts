// Text clean-up applied by the form schemas before length checks, on the client and the server.
// Control characters (other than newlines and tabs in free text) have no place in a name or a
// message, and bidirectional overrides can disguise what an admin reads in an export
// ("Trojan Source", https://trojansource.codes), so both are dropped rather than stored.

// C0 controls except \t and \n, DEL and C1 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F]/g
// A letter, digit, mark, punctuation or symbol: what a reader can see. Zero-width and format
// characters (U+200B, U+2060, U+FEFF…) and spaces of every kind are not.
const VISIBLE = /[\p{L}\p{N}\p{M}\p{P}\p{S}]/u

/** A value a reader would see as empty is empty: a required field then says it is missing. */
const blankIfInvisible = (value: string) => (VISIBLE.test(value) ? value : '')

/** One-line fields (names, company): whitespace runs, line breaks included, become one space. */
export function cleanLine(value: string): string {
  const line = value
    .normalize('NFC')
    .replace(/\r\n?|\n|\t/g, ' ')
    .replace(CONTROL, '')
    .replace(BIDI_CONTROL, '')
    .replace(/\s+/g, ' ')
    .trim()
  return blankIfInvisible(line)
}

/** Free text: line breaks kept (as \n), trailing spaces per line and surrounding blank lines dropped. */
export function cleanText(value: string): string {
  const text = value
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(BIDI_CONTROL, '')
    .replace(/[ \t]+$/gm, '')
    .trim()
  return blankIfInvisible(text)
}
