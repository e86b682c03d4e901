// Reading the one-time access link out of a mail the SMTP receiver took (quoted-printable text).
import type { ReceivedMail } from './notification-receivers.ts'

/** The mail's text with quoted-printable soft breaks and escapes undone. */
export function mailText(mail: ReceivedMail): string {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** The link page URL a mail carries. */
export function linkIn(mail: ReceivedMail): URL {
  const match = /https?:\/\/\S+\/access\/link\?\S+/.exec(mailText(mail))
  if (!match) throw new Error('no access link in the mail')
  return new URL(match[0])
}

export const tokenIn = (mail: ReceivedMail) => linkIn(mail).searchParams.get('token') ?? ''
