// The two ways a notification leaves: a webhook (JSON, signed, with a Slack-compatible `text`,
// its markup escaped, so it can post straight into a channel) and e-mail through SMTP (nodemailer). A channel throws
// when the receiver did not take the message; the outbox then retries it later.
import { createHmac } from 'node:crypto'
import type { Transporter } from 'nodemailer'
import type { Env } from '../env.server.ts'
import { escapeChatMarkup } from './chat-markup.server.ts'
import type { NotificationEvent, NotificationMessage } from './events.server.ts'

export const channelNames = ['webhook', 'email'] as const
export type ChannelName = (typeof channelNames)[number]

/** A receiver that takes longer is treated as down; the outbox lease is far longer. */
export const DELIVERY_TIMEOUT_MS = 10_000

export interface Delivery {
  /** The notification's id: the same on every retry, so a receiver can drop a repeat. */
  id: string
  event: NotificationEvent
  createdAt: Date
  message: NotificationMessage
}

export interface Channel {
  name: ChannelName
  send(delivery: Delivery): Promise<void>
  close(): void
}

export const webhookSignature = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body).digest('hex')

export function webhookChannel(url: string, secret: string, timeoutMs = DELIVERY_TIMEOUT_MS): Channel {
  return {
    name: 'webhook',
    async send({ id, event, createdAt, message }) {
      const body = JSON.stringify({
        id,
        event,
        occurredAt: createdAt.toISOString(),
        // Escaped for Slack and Teams: visitors' values must not become mentions or links.
        text: escapeChatMarkup(message.text),
        data: message.data,
      })
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'rm5-site-notifications',
          'x-rm5-event': event,
          'x-rm5-delivery': id,
          'x-rm5-signature': webhookSignature(secret, body),
        },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      })
      // The body is not read: drop it so the connection can be reused.
      await response.body?.cancel()
      if (!response.ok) throw new Error(`the webhook answered HTTP ${response.status}`)
    },
    close() {},
  }
}

export function emailChannel(
  smtpUrl: string,
  from: string,
  to: string[],
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Channel {
  // nodemailer loads with the first message, not with the server (decision 064).
  let transport: Promise<Transporter> | undefined
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      }),
    ))
  return {
    name: 'email',
    async send({ id, event, message }) {
      await (await open()).sendMail({
        from,
        to,
        subject: message.subject,
        text: message.text,
        headers: { 'X-RM5-Event': event, 'X-RM5-Delivery': id },
      })
    },
    close() {
      void transport?.then((opened) => opened.close())
    },
  }
}

type ChannelSettings = Pick<
  Env,
  'NOTIFY_WEBHOOK_URL' | 'NOTIFY_WEBHOOK_SECRET' | 'SMTP_URL' | 'NOTIFY_EMAIL_FROM' | 'NOTIFY_EMAIL_TO'
>

/** The webhook's settings when the environment has them all, else undefined. */
const webhookSettings = (env: ChannelSettings) =>
  env.NOTIFY_WEBHOOK_URL && env.NOTIFY_WEBHOOK_SECRET
    ? { url: env.NOTIFY_WEBHOOK_URL, secret: env.NOTIFY_WEBHOOK_SECRET }
    : undefined

/** The mail channel's settings when the environment has them all, else undefined. */
const emailSettings = (env: ChannelSettings) =>
  env.SMTP_URL && env.NOTIFY_EMAIL_FROM && env.NOTIFY_EMAIL_TO
    ? { url: env.SMTP_URL, from: env.NOTIFY_EMAIL_FROM, to: env.NOTIFY_EMAIL_TO }
    : undefined

/** The names of the channels the environment configures, for pages that say where notices go. */
export function configuredChannels(env: ChannelSettings): ChannelName[] {
  return [
    ...(webhookSettings(env) ? ['webhook' as const] : []),
    ...(emailSettings(env) ? ['email' as const] : []),
  ]
}

/** The channels the environment configures: none, one or both. */
export function channelsFrom(env: Env): Channel[] {
  const channels: Channel[] = []
  const webhook = webhookSettings(env)
  if (webhook) channels.push(webhookChannel(webhook.url, webhook.secret))
  const email = emailSettings(env)
  if (email) channels.push(emailChannel(email.url, email.from, email.to))
  return channels
}
