// `rm5 codes require-email <id> [--allow-domain …] [--off]`: turns the e-mail step on or off for
// an existing code. Grants the code gave without an e-mail stop opening the docket once it is on
// (server/access/grants.server.ts), within the grant reader's cache time.
import { CODE_CACHE_MS } from '../../../server/access/grants.server.ts'
import type { PrismaClient } from '../../../server/db/database.server.ts'
import { describeEmailRule } from './allow-domains.ts'
import { type Io, resolveId } from './commands.ts'

export async function setRequireEmail(
  prisma: PrismaClient,
  io: Io,
  options: { id: string; requireEmail: boolean; allowDomains: string[]; json: boolean },
): Promise<void> {
  const id = await resolveId(prisma, options.id)
  const allowDomains = options.requireEmail ? options.allowDomains : []
  await prisma.accessCode.update({
    where: { id },
    data: { requireEmail: options.requireEmail, allowDomains },
  })
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
    `Sessions it opened without an e-mail end within ${CODE_CACHE_MS / 1000} seconds. Links need SMTP_URL and NOTIFY_EMAIL_FROM on the server.`,
  )
}
