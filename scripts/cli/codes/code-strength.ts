// How strong a code an admin may choose with `rm5 codes set` (decision 016). With no per-gate
// lock, the per-client limit and the server's ceiling on concurrent argon2 checks are what slow a
// distributed guesser down; that only works if the code itself is hard to guess. A code passes
// either way:
//   - at least 12 characters from at least 3 classes (lowercase, uppercase, digits, symbols), and
//     not built from common words or patterns: zxcvbn estimates at least 10^12 guesses (about 40
//     bits; zxcvbn rates 12 random characters at exactly that), or
//   - an estimated strength of at least 60 bits by zxcvbn (long passphrases).
// Generated codes (120 random bits) always pass.
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'

export const MIN_CHARACTERS = 12
export const MIN_CLASSES = 3
export const MIN_ESTIMATED_BITS = 60
const MIN_VARIED_GUESSES_LOG10 = 12

const CLASSES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/]

let estimator: ZxcvbnFactory | undefined
const estimate = (code: string) => {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs })
  return estimator.check(code)
}

export interface Strength {
  ok: boolean
  /** zxcvbn's estimate, rounded down to whole bits. */
  bits: number
  classes: number
}

export function codeStrength(code: string): Strength {
  const result = estimate(code)
  const bits = Math.floor(result.guessesLog10 * Math.log2(10))
  const classes = CLASSES.filter((pattern) => pattern.test(code)).length
  const varied =
    code.length >= MIN_CHARACTERS && classes >= MIN_CLASSES && result.guessesLog10 >= MIN_VARIED_GUESSES_LOG10
  return { ok: varied || bits >= MIN_ESTIMATED_BITS, bits, classes }
}

export const STRENGTH_RULE =
  `at least ${MIN_CHARACTERS} characters using ${MIN_CLASSES} of: lowercase, uppercase, digits, symbols, ` +
  `and no common word or pattern; or a long passphrase (estimated ${MIN_ESTIMATED_BITS} bits or more)`
