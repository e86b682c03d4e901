// `rm5 codes require-email <id> [--allow-domain …] [--off]`: turns the e-mail step on or off for
// an existing code (the rule is server/access/code-admin.server.ts'). Sessions the code opened
// without an e-mail, or for an address outside the new domains, stop opening the docket within
// the grant reader's cache time.
import { setCodeEmailRule } from '../../../server/access/code-admin.server.ts'
import { requireEmailRefusal } from '../../../server/access/email-link-mail.server.ts'
import { CODE_CACHE_MS } from '../../../server/access/grants.server.ts'
import { cliActor } from '../../../server/audit/audit.server.ts'
import type { PrismaClient } from '../../../server/db/database.server.ts'
import { cliEnv } from '../../lib/cli-env.ts'
import { CliError } from '../../lib/cli-error.ts'
import { describeEmailRule } from './allow-domains.ts'
import { type Io, resolveId } from './commands.ts'

/** A code that requires an e-mail without mail configured: refused as a usage error (exit 2). */
export async function checkMailConfigured(): Promise<void> {
  const refusal = requireEmailRefusal(await cliEnv())
  if (refusal) throw new CliError(refusal, 2)
}

export async function setRequireEmail(
  prisma: PrismaClient,
  io: Io,
  options: { id: string; requireEmail: boolean; allowDomains: string[]; json: boolean },
): Promise<void> {
  const id = await resolveId(prisma, options.id)
  const { allowDomains } = await setCodeEmailRule(prisma, cliActor(), id, options, io.now())
  if (options.json) {
    io.print(JSON.stringify({ id, requireEmail: options.requireEmail, allowDomains }))
    return
  }
  if (!options.requireEmail) {
    io.print(`Code ${id} no longer asks for an e-mail: the code alone opens the docket again.`)
    return
  }
  io.print(
    `Code ${id} now asks for a work e-mail (${describeEmailRule(true, allowDomains)}) and sends a one-time link.`,
  )
  io.print(
    `Sessions it opened without an e-mail, or for other domains, end within ${CODE_CACHE_MS / 1000} seconds. Links need SMTP_URL and NOTIFY_EMAIL_FROM on the server.`,
  )
}
