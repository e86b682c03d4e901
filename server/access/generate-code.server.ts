// Random access codes for `rm5 codes generate` and the console's "Generate a code": 120 bits
// from the OS CSPRNG (the issue asks for at least 100), written in Crockford's base32 (no I, L, O or U to misread) in groups of
// four so a code can be read out over the phone: e.g. 7KQ4-M2XD-9H3B-TV6R-PZ8C-A1NE.
import { randomBytes } from 'node:crypto'

export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const CODE_BITS = 120
/** Symbols in a generated code, 5 bits each. */
export const CODE_SYMBOLS = Math.ceil(CODE_BITS / 5)

export function generateCode(bytes: Buffer = randomBytes(CODE_BITS / 8)): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      bits -= 5
      out += CODE_ALPHABET[(value >>> bits) & 31]
    }
    value &= (1 << bits) - 1
  }
  if (bits > 0) out += CODE_ALPHABET[(value << (5 - bits)) & 31]
  return inGroups(out)
}

/** Symbols written as a generated code is printed: groups of four joined by dashes. */
export function inGroups(symbols: string): string {
  return symbols.match(/.{1,4}/g)?.join('-') ?? symbols
}
