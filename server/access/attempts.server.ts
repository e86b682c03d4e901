// Every verify call is recorded for the codes CLI: retailer, outcome, time and a keyed hash of the
// client IP (one source can be spotted without storing addresses). Never the code. A checked code
// is one row; requests refused before any check are tallied (attempt-tally.server.ts), so a row
// stands for `count` attempts.
import { z } from 'zod'
import type { PrismaClient } from '../db/database.server.ts'

export const attemptOutcomes = ['granted', 'denied', 'rate_limited', 'busy', 'error'] as const
export const attemptOutcome = z.enum(attemptOutcomes)
export type AttemptOutcome = z.infer<typeof attemptOutcome>

export async function recordAttempt(
  prisma: PrismaClient,
  attempt: { retailer: string; ipHash: string; outcome: AttemptOutcome; at: Date; count?: number },
): Promise<void> {
  await prisma.accessAttempt.create({ data: attemptRow(attempt) })
}

export function attemptRow(attempt: {
  retailer: string
  ipHash: string
  outcome: AttemptOutcome
  at: Date
  count?: number
}) {
  return {
    retailer: attempt.retailer,
    ipHash: attempt.ipHash,
    outcome: attemptOutcome.parse(attempt.outcome),
    count: attempt.count ?? 1,
    createdAt: attempt.at,
  }
}

export function listAttempts(
  prisma: PrismaClient,
  options: { retailer?: string; since?: Date; limit: number },
) {
  return prisma.accessAttempt.findMany({
    where: {
      ...(options.retailer ? { retailer: options.retailer } : {}),
      ...(options.since ? { createdAt: { gte: options.since } } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: options.limit,
    select: { id: true, retailer: true, ipHash: true, outcome: true, count: true, createdAt: true },
  })
}

export async function countAttemptsByOutcome(
  prisma: PrismaClient,
  options: { retailer?: string; since?: Date },
): Promise<Record<AttemptOutcome, number>> {
  const groups = await prisma.accessAttempt.groupBy({
    by: ['outcome'],
    where: {
      ...(options.retailer ? { retailer: options.retailer } : {}),
      ...(options.since ? { createdAt: { gte: options.since } } : {}),
    },
    _sum: { count: true },
  })
  const counts = { granted: 0, denied: 0, rate_limited: 0, busy: 0, error: 0 }
  for (const group of groups) {
    const outcome = attemptOutcome.safeParse(group.outcome)
    if (outcome.success) counts[outcome.data] = group._sum.count ?? 0
  }
  return counts
}
