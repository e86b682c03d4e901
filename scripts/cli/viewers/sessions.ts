// `rm5 viewers list|revoke`: what they print; the rules are the service's
// (server/access/viewers.server.ts).
import { CODE_CACHE_MS } from '../../../server/access/grants.server.ts'
import { listLiveSessions, revokeViewer } from '../../../server/access/viewers.server.ts'
import { cliActor } from '../../../server/audit/audit.server.ts'
import type { PrismaClient } from '../../../server/db/database.server.ts'
import { refuseUnknownFilter } from '../../lib/partner-args.ts'
import { table, utc } from '../codes/table.ts'

type Print = (line?: string) => void

export async function listSessions(
  prisma: PrismaClient,
  print: Print,
  options: { retailer?: string; json: boolean },
): Promise<void> {
  const sessions = await listLiveSessions(prisma, { retailer: options.retailer }, new Date())
  await refuseUnknownFilter(prisma, options.retailer, sessions.length)
  if (options.json) return print(JSON.stringify(sessions))
  if (sessions.length === 0) {
    return print(options.retailer ? `Nobody is signed in to ${options.retailer}.` : 'Nobody is signed in.')
  }
  print(
    table(
      [
        { header: 'SESSION', value: (s) => s.id },
        { header: 'PARTNER', value: (s) => s.retailer },
        {
          header: 'VIEWER',
          value: (s) => s.email ?? s.label ?? (s.codeId ? '(unlabelled code)' : '(open gate)'),
        },
        { header: 'CODE', value: (s) => s.codeId ?? '-' },
        { header: 'SINCE', value: (s) => utc(s.startedAt) },
        { header: 'UNTIL', value: (s) => utc(s.expiresAt) },
      ],
      sessions,
    ),
  )
  print('')
  print(`${sessions.length} live session(s). Times are UTC.`)
}

export async function revokeSessions(
  prisma: PrismaClient,
  print: Print,
  options: { email: string; json: boolean },
): Promise<void> {
  const address = options.email.toLowerCase()
  const ended = await revokeViewer(prisma, cliActor(), address)
  if (options.json) return print(JSON.stringify({ email: address, endedSessions: ended }))
  if (ended === 0) return print(`${address} holds no live session.`)
  print(
    `Ended ${ended} session(s) of ${address}; every server stops honouring them within ${CODE_CACHE_MS / 1000} seconds.`,
  )
}
