// Checks a submitted code against a retailer's active codes. The answer and its timing must not
// tell "no code configured", "code revoked" and "wrong code" apart: with no active code
// we still run one argon2 check per form of the submitted code (code-forms.server.ts), against a
// dummy hash with the same parameters.
import type { PartnerSlug } from '../../lib/partners.ts'
import type { PrismaClient } from '../db/database.server.ts'
import { codeForms } from './code-forms.server.ts'
import { activeCodeHashes } from './codes.server.ts'
import { type CodeHasher, dummyHash } from './hasher.server.ts'

export interface CodeCheckLog {
  error(obj: object, msg: string): void
}

export type CheckCode = (retailer: PartnerSlug, code: string, now: Date) => Promise<{ codeId: string } | null>

export interface CodeChecker {
  check: CheckCode
  /** Computes the dummy hash ahead of the first request, so that request is not slower. */
  warm(): Promise<void>
}

export function createCodeChecker(prisma: PrismaClient, hasher: CodeHasher, log: CodeCheckLog): CodeChecker {
  const dummy = dummyHash(hasher)
  return {
    async warm() {
      await dummy()
    },
    async check(retailer, submitted, now) {
      const forms = codeForms(submitted)
      const candidates = await activeCodeHashes(prisma, retailer, now)
      if (candidates.length === 0) {
        for (const code of forms) await hasher.verify(await dummy(), code)
        return null
      }
      // Several active codes per retailer are allowed (one per partner contact, rotation overlap).
      for (const candidate of candidates) {
        try {
          for (const code of forms)
            if (await hasher.verify(candidate.codeHash, code)) return { codeId: candidate.id }
        } catch (error) {
          // A damaged row must not lock out the retailer's other codes. Logged by id only.
          log.error({ err: error, codeId: candidate.id }, 'access code hash is unreadable')
        }
      }
      return null
    },
  }
}
