// Admin CLI for contact form messages: `rm5 contact list|export|delete`.
import type { ContactMessage } from '../../server/db/generated/client.ts'
import { contactMessages } from '../../server/forms/records.server.ts'
import type { CliOutput } from '../lib/cli.ts'
import { type CliRecordSet, recordsCommand } from '../lib/records-cli.ts'

const cli: CliRecordSet<ContactMessage> = {
  description: 'Read the messages sent with the contact form on /contact.',
  listColumns: [
    { header: 'Name', width: 22, value: (r) => r.name },
    { header: 'E-mail', width: 28, value: (r) => r.email },
    { header: 'Company', width: 20, value: (r) => r.company ?? '' },
    { header: 'Message', width: 48, value: (r) => r.message },
  ],
  records: contactMessages,
}

export const command = (output?: CliOutput) => recordsCommand(cli, output)
