// Admin CLI for retailer applications from /apply: `rm5 applications list|export|delete`.
import type { RetailerApplication } from '../../server/db/generated/client.ts'
import { applications } from '../../server/forms/records.server.ts'
import type { CliOutput } from '../lib/cli.ts'
import { type CliRecordSet, recordsCommand } from '../lib/records-cli.ts'

const cli: CliRecordSet<RetailerApplication> = {
  description: 'Read the retailer applications sent from /apply.',
  listColumns: [
    { header: 'Company', width: 26, value: (r) => r.companyName },
    { header: 'Type', width: 18, value: (r) => r.businessType },
    { header: 'Locations', width: 9, value: (r) => String(r.numberOfLocations) },
    { header: 'Contact', width: 20, value: (r) => r.contactName },
    { header: 'E-mail', width: 28, value: (r) => r.email },
    { header: 'Phone', width: 16, value: (r) => r.phone },
  ],
  records: applications,
}

export const command = (output?: CliOutput) => recordsCommand(cli, output)
