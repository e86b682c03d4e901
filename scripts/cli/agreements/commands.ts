// What each `rm5 agreements` command does, given an open database.
import { basename } from 'node:path'
import { MAX_AGREEMENT_BYTES } from '../../../lib/documents/agreement-size.ts'
import type { PartnerSlug } from '../../../lib/partners.ts'
import { cliActor } from '../../../server/audit/audit.server.ts'
import type { PrismaClient } from '../../../server/db/database.server.ts'
import { agreementVersions } from '../../../server/documents/agreement-listing.server.ts'
import {
  AgreementRejected,
  checkAgreementText,
  clearAgreement,
  setAgreement,
} from '../../../server/documents/agreements.server.ts'
import { CliError } from '../../lib/cli-error.ts'
import { partnerOf, refuseUnknownFilter } from '../../lib/partner-args.ts'
import type { Io } from '../codes/commands.ts'
import { printListing, table, utc } from '../codes/table.ts'
import { readLocalFile } from '../documents/open.ts'

/** Reads and checks the agreement file before the database is opened. */
export async function readAgreement(file: string): Promise<string> {
  // Read a little past the limit so the check names the real problem.
  const bytes = await readLocalFile(file, MAX_AGREEMENT_BYTES * 4)
  try {
    return checkAgreementText(bytes, basename(file))
  } catch (error) {
    if (error instanceof AgreementRejected) throw new CliError(error.message)
    throw error
  }
}

export async function setRetailerAgreement(
  prisma: PrismaClient,
  io: Io,
  options: { retailer: PartnerSlug; body: string; json: boolean },
): Promise<void> {
  const partner = await partnerOf(prisma, options.retailer)
  const { agreement, created } = await setAgreement(prisma, cliActor(), options.retailer, options.body)
  if (options.json) {
    return io.print(
      JSON.stringify({
        retailer: agreement.retailer,
        version: agreement.version,
        created,
        sha256: agreement.sha256,
      }),
    )
  }
  const name = `${partner.name} (/${options.retailer})`
  io.print(
    created
      ? `Set the agreement for ${name}: version ${agreement.version}. Every viewer accepts it before their next document.`
      : `The agreement for ${name} is already this text (version ${agreement.version}): nothing changed.`,
  )
}

export async function clearRetailerAgreement(
  prisma: PrismaClient,
  io: Io,
  options: { retailer: PartnerSlug; json: boolean },
): Promise<void> {
  const cleared = await clearAgreement(prisma, cliActor(), options.retailer, io.now())
  if (options.json)
    return io.print(JSON.stringify({ retailer: options.retailer, cleared: cleared?.version ?? null }))
  io.print(
    cleared
      ? `Cleared version ${cleared.version} of the agreement for ${options.retailer}: viewers open documents without one. Its acceptances stay listed.`
      : `${options.retailer} has no agreement in force: nothing to clear.`,
  )
}

export async function printAgreements(
  prisma: PrismaClient,
  io: Io,
  options: { retailer?: string; json: boolean },
): Promise<void> {
  const versions = await agreementVersions(prisma, options.retailer)
  await refuseUnknownFilter(prisma, options.retailer, versions.length)
  const listed = printListing((line) => io.print(line), versions, {
    json: options.json,
    asJson: (rows) =>
      rows.map(({ id: _id, body: _body, acceptances, ...a }) => ({
        ...a,
        acceptances: acceptances.map(({ codeId, email, acceptedAt }) => ({ codeId, email, acceptedAt })),
      })),
    empty: options.retailer
      ? `No agreement for ${options.retailer}.`
      : 'No agreements yet. Set one with `rm5 agreements set <retailer> <file.md>`.',
    columns: [
      { header: 'RETAILER', value: (a) => a.retailer },
      { header: 'VERSION', value: (a) => String(a.version) },
      { header: 'SET', value: (a) => utc(a.createdAt) },
      { header: 'CLEARED', value: (a) => utc(a.clearedAt) },
      { header: 'ACCEPTED BY', value: (a) => String(a.acceptances.length) },
      { header: 'SHA256', value: (a) => a.sha256.slice(0, 12) },
    ],
  })
  if (!listed) return
  const accepted = versions.flatMap((a) => a.acceptances.map((row) => ({ ...row, agreement: a })))
  if (accepted.length > 0) {
    io.print('')
    io.print(
      table(
        [
          { header: 'ACCEPTED', value: (r) => utc(r.acceptedAt) },
          { header: 'RETAILER', value: (r) => r.agreement.retailer },
          { header: 'VERSION', value: (r) => String(r.agreement.version) },
          { header: 'VIEWER', value: (r) => r.viewer },
          { header: 'CODE', value: (r) => r.codeId ?? '(gate)' },
        ],
        accepted,
      ),
    )
  }
  io.print('')
  io.print(`${versions.length} agreement version(s), ${accepted.length} acceptance(s). Times are UTC.`)
}
