// The salt of each UTC day (the method Plausible documents): a random value every instance reads
// from Postgres, so one visitor has one hash whichever replica answers, and deleted once its day
// is over, so a hash cannot be made again for a past day nor followed into the next one.
import { hash, randomBytes } from 'node:crypto'
import { dayStart } from '../../lib/utc-day.ts'
import type { PrismaClient } from '../db/database.server.ts'

export class DailySalts {
  private readonly known = new Map<string, Buffer>()

  constructor(private readonly prisma: PrismaClient) {}

  /** The salt of `day` (YYYY-MM-DD): the one stored, or a new one stored by the first asking. */
  async of(day: string): Promise<Buffer> {
    const known = this.known.get(day)
    if (known) return known
    const date = dayStart(day)
    await this.prisma.$executeRaw`
      INSERT INTO analytics_salts (day, salt) VALUES (${date}::date, ${randomBytes(32)})
      ON CONFLICT (day) DO NOTHING`
    const row = await this.prisma.analyticsSalt.findUniqueOrThrow({ where: { day: date } })
    // Earlier days are over: their salts go, here and in the database.
    await this.prisma.analyticsSalt.deleteMany({ where: { day: { lt: date } } })
    for (const earlier of this.known.keys()) if (earlier < day) this.known.delete(earlier)
    const salt = Buffer.from(row.salt)
    this.known.set(day, salt)
    return salt
  }
}

/**
 * The visitor of a day: nothing of the address or the browser can be read back from it. SHA-256
 * of the salt's bytes then the UTF-8 of the rest, in one call (crypto.hash, no Hash object).
 */
export function visitorHash(salt: Buffer, site: string, address: string, userAgent: string): string {
  const input = Buffer.concat([salt, Buffer.from(`\0${site}\0${address}\0${userAgent}`)])
  return hash('sha256', input, 'base64url').slice(0, 22)
}
