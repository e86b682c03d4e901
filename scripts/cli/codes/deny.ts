// `rm5 codes deny <id> --email <address> [--off]`: what it prints; the rule is the service's
// (server/access/code-admin.server.ts denyCodeEmail).
import { CodeRuleError, denyCodeEmail } from '../../../server/access/code-admin.server.ts'
import { CODE_CACHE_MS } from '../../../server/access/grants.server.ts'
import { cliActor } from '../../../server/audit/audit.server.ts'
import type { PrismaClient } from '../../../server/db/database.server.ts'
import { CliError } from '../../lib/cli-error.ts'
import { type Io, resolveId } from './commands.ts'

export async function denyEmail(
  prisma: PrismaClient,
  io: Io,
  options: { id: string; email: string; lift: boolean; json: boolean },
): Promise<void> {
  const id = await resolveId(prisma, options.id)
  const address = options.email.toLowerCase()
  const { ended, deniedEmails, changed } = await denyCodeEmail(
    prisma,
    cliActor(),
    id,
    address,
    { lift: options.lift },
    io.now(),
  ).catch((error) => {
    throw error instanceof CodeRuleError ? new CliError(error.message) : error
  })
  if (options.json) {
    io.print(
      JSON.stringify({
        id,
        email: address,
        denied: !options.lift,
        changed,
        endedSessions: ended,
        deniedEmails,
      }),
    )
    return
  }
  if (!changed) {
    io.print(
      options.lift
        ? `Code ${id} does not deny ${address}: nothing changed.`
        : `Code ${id} denies ${address} already: nothing changed.`,
    )
    return
  }
  if (options.lift) {
    io.print(`Code ${id} admits ${address} again.`)
    return
  }
  io.print(`Code ${id} no longer admits ${address}.`)
  io.print(
    `Ended ${ended} live session(s); every server stops honouring them within ${CODE_CACHE_MS / 1000} seconds.`,
  )
}
