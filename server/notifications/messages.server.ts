// Turns a stored payload into the message the channels send. Application and contact payloads
// name their record; the record is read now, so a record deleted on request before delivery is
// never sent (the caller marks that notification as given up).

import type { PrismaClient } from '../db/database.server.ts'
import { partnerName } from '../partners/partner-store.server.ts'
import type { NotificationMessage, NotificationPayload } from './events.server.ts'

export async function messageFor(
  prisma: PrismaClient,
  payload: NotificationPayload,
): Promise<NotificationMessage | null> {
  switch (payload.event) {
    case 'application.created': {
      const row = await prisma.retailerApplication.findUnique({ where: { id: payload.applicationId } })
      if (!row) return null
      const locations = `${row.numberOfLocations} location${row.numberOfLocations === 1 ? '' : 's'}`
      return {
        subject: `New retailer application: ${row.companyName}`,
        text:
          `New retailer application from ${row.companyName} (${row.businessType}, ${locations}). ` +
          `Contact: ${row.contactName} <${row.email}>, ${row.phone}.`,
        data: {
          id: row.id,
          receivedAt: row.createdAt.toISOString(),
          companyName: row.companyName,
          businessType: row.businessType,
          numberOfLocations: row.numberOfLocations,
          contactName: row.contactName,
          email: row.email,
          phone: row.phone,
        },
      }
    }
    case 'contact.created': {
      const row = await prisma.contactMessage.findUnique({ where: { id: payload.messageId } })
      if (!row) return null
      const from = `${row.name} <${row.email}>${row.company ? ` (${row.company})` : ''}`
      return {
        subject: `New contact message from ${row.name}`,
        text: `New contact message from ${from}:\n${row.message}`,
        data: {
          id: row.id,
          receivedAt: row.createdAt.toISOString(),
          name: row.name,
          email: row.email,
          company: row.company,
          message: row.message,
        },
      }
    }
    case 'access.granted': {
      const gate = await partnerName(prisma, payload.retailer)
      const how = payload.codeId
        ? `with the code "${payload.label ?? payload.codeId.slice(0, 8)}"`
        : 'through its gate'
      return {
        subject: `${gate} opened ${payload.page}`,
        text: `${gate} opened ${payload.page} ${how} (first opening today, ${payload.at}).`,
        data: {
          retailer: payload.retailer,
          codeId: payload.codeId,
          label: payload.label,
          page: payload.page,
          openedAt: payload.at,
        },
      }
    }
    case 'document.opened': {
      // The title as it is now (the payload keeps ids only, like every other event).
      const doc = await prisma.document.findUnique({
        where: { id: payload.documentId },
        select: { title: true },
      })
      const title = doc?.title ?? payload.documentId
      const viewer = payload.email ?? (payload.codeId ? `code ${payload.codeId.slice(0, 8)}` : 'its gate')
      const gate = await partnerName(prisma, payload.retailer)
      return {
        subject: `${gate}: ${viewer} opened "${title}"`,
        text: `${viewer} (${gate}) opened "${title}" (version ${payload.version}) for the first time, ${payload.at}.`,
        data: {
          retailer: payload.retailer,
          documentId: payload.documentId,
          title,
          version: payload.version,
          codeId: payload.codeId,
          email: payload.email,
          openedAt: payload.at,
        },
      }
    }
  }
}
