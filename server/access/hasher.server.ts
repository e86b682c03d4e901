// Access codes are stored as argon2id hashes with OWASP's minimum parameters (19 MiB, t=2, p=1):
// tens of milliseconds per check, slow enough to make offline guessing of a leaked table costly
// (docs/benchmarks.md has the measured figure).
// https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#argon2id
import { randomBytes } from 'node:crypto'
import argon2 from 'argon2'

export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const

export interface CodeHasher {
  hash(code: string): Promise<string>
  /** False for a wrong code; throws only for a malformed hash. */
  verify(hash: string, code: string): Promise<boolean>
}

export const argon2Hasher: CodeHasher = {
  hash: (code) => argon2.hash(code, ARGON2_OPTIONS),
  verify: (hash, code) => argon2.verify(hash, code),
}

/**
 * A hash of a random value nobody knows, checked when a retailer has no active code, so that
 * answer takes as long as a wrong code (no timing hint that a gate is unconfigured or revoked).
 */
export function dummyHash(hasher: CodeHasher): () => Promise<string> {
  let hash: Promise<string> | undefined
  return () => {
    hash ??= hasher.hash(randomBytes(24).toString('base64url'))
    return hash
  }
}
