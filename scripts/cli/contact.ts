// Admin CLI for contact form messages: `rm5 contact list|export|delete`.
import type { ContactMessage } from '../../server/db/generated/client.ts'
import { type RecordSet, recordsCommand } from '../lib/records-cli.ts'
import { runIfEntry } from './rm5-program.ts'

const messages: RecordSet<ContactMessage> = {
  command: 'contact',
  plural: 'contact messages',
  description: 'Read the messages sent with the contact form on /contact.',
  exportColumns: [
    { key: 'name', value: (r) => r.name },
    { key: 'email', value: (r) => r.email },
    { key: 'company', value: (r) => r.company },
    { key: 'message', value: (r) => r.message },
  ],
  listColumns: [
    { header: 'Name', width: 22, value: (r) => r.name },
    { header: 'E-mail', width: 28, value: (r) => r.email },
    { header: 'Company', width: 20, value: (r) => r.company ?? '' },
    { header: 'Message', width: 48, value: (r) => r.message },
  ],
  findMany: (prisma, query) => prisma.contactMessage.findMany(query),
  personalData: 'contact',
  count: (prisma, query) => prisma.contactMessage.count(query),
}

export const command = () => recordsCommand(messages)

runIfEntry(import.meta.url, command)
