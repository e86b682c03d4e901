// Admin CLI for retailer applications from /apply: `rm5 applications list|export|delete`.
import type { RetailerApplication } from '../../server/db/generated/client.ts'
import { type RecordSet, recordsCommand } from '../lib/records-cli.ts'
import { runIfEntry } from './rm5-program.ts'

const applications: RecordSet<RetailerApplication> = {
  command: 'applications',
  plural: 'applications',
  description: 'Read the retailer applications sent from /apply.',
  exportColumns: [
    { key: 'companyName', value: (r) => r.companyName },
    { key: 'businessType', value: (r) => r.businessType },
    { key: 'numberOfLocations', value: (r) => r.numberOfLocations },
    { key: 'contactName', value: (r) => r.contactName },
    { key: 'email', value: (r) => r.email },
    { key: 'phone', value: (r) => r.phone },
    {
      key: 'averageOrderValue',
      value: (r) => (r.averageOrderValue === null ? null : r.averageOrderValue.toNumber()),
      csv: (r) => r.averageOrderValue?.toFixed(2),
    },
    { key: 'monthlyOrderVolume', value: (r) => r.monthlyOrderVolume },
    { key: 'currentDeliveryMethod', value: (r) => r.currentDeliveryMethod },
    { key: 'additionalInfo', value: (r) => r.additionalInfo },
  ],
  listColumns: [
    { header: 'Company', width: 26, value: (r) => r.companyName },
    { header: 'Type', width: 18, value: (r) => r.businessType },
    { header: 'Locations', width: 9, value: (r) => String(r.numberOfLocations) },
    { header: 'Contact', width: 20, value: (r) => r.contactName },
    { header: 'E-mail', width: 28, value: (r) => r.email },
    { header: 'Phone', width: 16, value: (r) => r.phone },
  ],
  findMany: (prisma, query) => prisma.retailerApplication.findMany(query),
  personalData: 'applications',
  count: (prisma, query) => prisma.retailerApplication.count(query),
}

export const command = () => recordsCommand(applications)

runIfEntry(import.meta.url, command)
