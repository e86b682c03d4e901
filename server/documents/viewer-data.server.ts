// A data-room viewer's personal data, found and deleted by e-mail address (`rm5 viewers` and the
// console's Viewers page): the openings their grants recorded (docket_views), their document
// views, their agreement acceptances, their one-time links, their sessions (access_sessions:
// deleting a live one signs them out too) and the document.opened notifications that name them.
//
// Deleted, not anonymised: these rows exist only to say what this person did. A row stripped of
// its e-mail would be counted as the code's own viewer (the row without an e-mail) in
// `rm5 codes activity` and `rm5 documents activity`, and an acceptance without its e-mail would
// be listed as the code's own while binding no one (acceptances.server.ts binds it to the e-mail,
// and the session it names is deleted here too). Acceptances are found by e-mail alone: one made
// in this person's session carries their e-mail, and one without an e-mail names nobody to find.
// Deleting an acceptance errs the safe way: the person accepts again if they come back. Totals
// that outlive the person are not needed: retention deletes these rows anyway.
import { type Actor, recordAudit } from '../audit/audit.server.ts'
import type { Prisma, PrismaClient } from '../db/database.server.ts'

export interface ViewerData {
  docketViews: number
  documentViews: number
  emailLinks: number
  /** Data-room sessions their links opened, live or ended. */
  sessions: number
  /** document.opened notifications naming the address (pending or sent). */
  notifications: number
  acceptances: { retailer: string; version: number; acceptedAt: Date }[]
}

const sameAddress = (email: string) => ({ equals: email.trim(), mode: 'insensitive' as const })

/** The document.opened notifications naming the address (Prisma's JSON filters know no letter case). */
async function naming(db: Prisma.TransactionClient | PrismaClient, email: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM notifications
    WHERE event = 'document.opened' AND lower(payload->>'email') = lower(${email.trim()})`
  return rows.map((row) => row.id)
}

/**
 * What the site's forms hold from the address (any letter case): applications and contact
 * messages. Not data-room data: read and deleted with the applications and messages tools, so a
 * person's request is answered whole when both are named.
 */
export interface FormRecords {
  applications: number
  messages: number
}

export async function findFormRecords(prisma: PrismaClient, email: string): Promise<FormRecords> {
  const where = { email: sameAddress(email) }
  const [applications, messages] = await Promise.all([
    prisma.retailerApplication.count({ where }),
    prisma.contactMessage.count({ where }),
  ])
  return { applications, messages }
}

/** True when nothing of the data room names the address: nothing to show or delete. */
export const holdsNothing = (data: ViewerData): boolean =>
  data.docketViews + data.documentViews + data.emailLinks + data.sessions + data.notifications === 0 &&
  data.acceptances.length === 0

/** What is held about the address (any letter case). */
export async function findViewerData(prisma: PrismaClient, email: string): Promise<ViewerData> {
  const where = { email: sameAddress(email) }
  const [docketViews, documentViews, emailLinks, sessions, notifications, acceptances] = await Promise.all([
    prisma.docketView.count({ where }),
    prisma.documentView.count({ where }),
    prisma.emailLink.count({ where }),
    prisma.accessSession.count({ where }),
    naming(prisma, email),
    prisma.agreementAcceptance.findMany({
      where,
      orderBy: { acceptedAt: 'asc' },
      select: { acceptedAt: true, agreement: { select: { retailer: true, version: true } } },
    }),
  ])
  return {
    docketViews,
    documentViews,
    emailLinks,
    sessions,
    notifications: notifications.length,
    acceptances: acceptances.map((row) => ({ ...row.agreement, acceptedAt: row.acceptedAt })),
  }
}

export type DeletedViewerData = Omit<ViewerData, 'acceptances'> & { acceptances: number }

/**
 * Deletes everything `findViewerData` finds, in one transaction with its audit entry (the counts
 * only); returns the rows deleted per table.
 */
export async function deleteViewerData(
  prisma: PrismaClient,
  actor: Actor,
  email: string,
  now = new Date(),
): Promise<DeletedViewerData> {
  const where = { email: sameAddress(email) }
  return prisma.$transaction(async (tx) => {
    const notifications = await naming(tx, email)
    const [docketViews, documentViews, emailLinks, sessions, acceptances, deletedNotifications] = [
      await tx.docketView.deleteMany({ where }),
      await tx.documentView.deleteMany({ where }),
      await tx.emailLink.deleteMany({ where }),
      await tx.accessSession.deleteMany({ where }),
      await tx.agreementAcceptance.deleteMany({ where }),
      await tx.notification.deleteMany({ where: { id: { in: notifications } } }),
    ]
    const deleted = {
      docketViews: docketViews.count,
      documentViews: documentViews.count,
      emailLinks: emailLinks.count,
      sessions: sessions.count,
      acceptances: acceptances.count,
      notifications: deletedNotifications.count,
    }
    await recordAudit(
      tx,
      actor,
      { action: 'viewer.delete', target: email.trim().toLowerCase(), details: deleted },
      now,
    )
    return deleted
  })
}
