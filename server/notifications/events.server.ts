// What a notification announces. The outbox stores the payload; the message (Slack-style text,
// e-mail subject, structured data) is built when it is delivered, from the record as it is then,
// so form contents live only in their own table and deleting a person's data reaches them all.
import type { PartnerSlug } from '../../lib/partners.ts'

export const notificationEvents = [
  'application.created',
  'contact.created',
  'access.granted',
  'document.opened',
] as const
export type NotificationEvent = (typeof notificationEvents)[number]

export type NotificationPayload =
  | { event: 'application.created'; applicationId: string }
  | { event: 'contact.created'; messageId: string }
  | {
      event: 'access.granted'
      retailer: PartnerSlug
      /** Null for the walmart gate, which takes no code. */
      codeId: string | null
      label: string | null
      page: string
      /** When the page was opened (ISO 8601). */
      at: string
    }
  | {
      event: 'document.opened'
      retailer: PartnerSlug
      documentId: string
      version: number
      /** Null for the walmart gate, which takes no code. */
      codeId: string | null
      /** The viewer's e-mail when the code requires one. */
      email: string | null
      /** When the viewer first opened the document (ISO 8601). */
      at: string
    }

/** What every channel sends: a line for chat and mail subjects, the text, the facts as JSON. */
export interface NotificationMessage {
  subject: string
  text: string
  data: Record<string, unknown>
}
