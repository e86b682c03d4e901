// What a submitted code is checked as. A code is compared as typed, minus the whitespace a paste
// brings along: a code an admin sets (`rm5 codes set`) is case-sensitive. A generated code
// (generate-code.server.ts) is Crockford's base32, made to be read out over the phone, and whoever
// types it may write it in lower case, with spaces instead of dashes or none, or with I, L and O
// for 1, 1 and 0, as Crockford's decoding allows. A submission that reads as a generated code
// written so is also checked as that code, as printed.
import { CODE_ALPHABET, CODE_SYMBOLS, inGroups } from './generate-code.server.ts'

// Spaces of any kind and the dashes a keyboard or a word processor writes.
const SEPARATORS = /[\s\-\u2010-\u2015\u2212]/g

/** A code as typed, minus the whitespace around it: how a code is stored and first checked. */
export const normalizeCode = (code: string) => code.trim()

/** The submitted code as typed, then as the generated code it reads as, when that differs. */
export function codeForms(submitted: string): string[] {
  const typed = normalizeCode(submitted)
  const generated = asGeneratedCode(typed)
  return generated === null || generated === typed ? [typed] : [typed, generated]
}

/** The generated code `text` reads as, written as printed; null when it reads as none. */
export function asGeneratedCode(text: string): string | null {
  const symbols = text.replace(SEPARATORS, '').toUpperCase().replace(/[IL]/g, '1').replace(/O/g, '0')
  if (symbols.length !== CODE_SYMBOLS) return null
  for (const symbol of symbols) if (!CODE_ALPHABET.includes(symbol)) return null
  return inGroups(symbols)
}
