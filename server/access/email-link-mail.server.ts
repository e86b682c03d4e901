// The one-time link's e-mail, sent through the SMTP server the notifications use (SMTP_URL, from
// NOTIFY_EMAIL_FROM). Plain text only: the link, how long it works, and what to do if the mail
// was not expected. The message is built here and handed to nodemailer; nothing of it is logged.
import type { Transporter } from 'nodemailer'
import { LINK_PAGE_PATH } from '../../lib/access.ts'
import type { PartnerSlug } from '../../lib/partners.ts'
import type { Env } from '../env.server.ts'
import { mailedLinksProblem, publicOrigin } from '../http/public-origin.server.ts'
import { DELIVERY_TIMEOUT_MS } from '../notifications/channels.server.ts'
import { EMAIL_LINK_TTL_MS } from './email-links.server.ts'

export interface LinkMail {
  to: string
  retailer: PartnerSlug
  /** The partner's display name, as the gate shows it. */
  partnerName: string
  token: string
}

export interface LinkMailer {
  send(mail: LinkMail): Promise<void>
  close(): void
}

/**
 * Why this site cannot mail links, or undefined: it needs an SMTP server and a sender address,
 * and an origin the reader's browser can reach; not NOTIFY_EMAIL_TO, the notifications' inbox.
 */
export function mailLinksProblem(env: Env): string | undefined {
  if (!env.SMTP_URL || !env.NOTIFY_EMAIL_FROM)
    return 'set SMTP_URL and NOTIFY_EMAIL_FROM (docs/operations.md, "Notifications")'
  return mailedLinksProblem(env)
}

/** Whether this site can send links (mailLinksProblem). */
export const canSendLinks = (env: Env) => mailLinksProblem(env) === undefined

/**
 * Why a code may not require an e-mail here, or undefined when it may: such a code opens only
 * through a mailed link, so without mail the gate would dead-end at "cannot send links". The CLI
 * (`--require-email`, exit 2) and the console's codes page both refuse in these words: mail itself
 * first, with an example; once it is set, what else stops the links (mailLinksProblem).
 */
export function requireEmailRefusal(env: Env): string | undefined {
  if (canSendLinks(env)) return undefined
  const fix =
    env.SMTP_URL && env.NOTIFY_EMAIL_FROM
      ? mailLinksProblem(env)
      : 'set SMTP_URL (e.g. smtp://user:password@smtp.example.com:587) and NOTIFY_EMAIL_FROM for the ' +
        'server and the rm5 command (docs/operations.md, "Notifications")'
  return `A code that requires an e-mail needs mail, and this site cannot send it: ${fix}, then try again.`
}

/** The gate is named too, so an expired link's page can lead back to it. `origin`: publicOrigin. */
export const linkUrl = (origin: string, retailer: PartnerSlug, token: string) =>
  `${origin}${LINK_PAGE_PATH}?${new URLSearchParams({ token, gate: retailer })}`

export function linkMessage(origin: string, { retailer, partnerName: name, token }: LinkMail) {
  const minutes = EMAIL_LINK_TTL_MS / 60_000
  return {
    subject: `Your link to the ${name} docket`,
    text: [
      `Open the ${name} docket with this link:`,
      '',
      linkUrl(origin, retailer, token),
      '',
      `It works once, within ${minutes} minutes. If it has expired, enter your access code again`,
      'on the gate to get a new one.',
      '',
      'You get this e-mail because someone entered this address on our site. If that was not',
      'you, ignore it: nothing opens without the link.',
    ].join('\n'),
  }
}

/** A plain-text message for one recipient. */
export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
  close(): void
}

/** The SMTP path every one-time link takes (the gates', the console's); undefined when it cannot (mailLinksProblem). */
export function createMailer(env: Env): Mailer | undefined {
  if (mailLinksProblem(env) || !env.SMTP_URL || !env.NOTIFY_EMAIL_FROM) return undefined
  const from = env.NOTIFY_EMAIL_FROM
  const url = env.SMTP_URL
  // nodemailer loads with the first message, not with the server (decision 064).
  let transport: Promise<Transporter> | undefined
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        connectionTimeout: DELIVERY_TIMEOUT_MS,
        greetingTimeout: DELIVERY_TIMEOUT_MS,
        socketTimeout: DELIVERY_TIMEOUT_MS,
      }),
    ))
  return {
    async send(mail) {
      await (await open()).sendMail({ from, ...mail })
    },
    close() {
      void transport?.then((opened) => opened.close())
    },
  }
}

/** undefined when mail is not configured (canSendLinks). */
export function createLinkMailer(env: Env): LinkMailer | undefined {
  const mailer = createMailer(env)
  if (!mailer) return undefined
  return {
    send: (mail) => mailer.send({ to: mail.to, ...linkMessage(publicOrigin(env), mail) }),
    close: () => mailer.close(),
  }
}
