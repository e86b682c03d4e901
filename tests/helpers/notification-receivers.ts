// Real receivers on loopback for the notification tests: an HTTP server that checks each
// webhook's signature, and an SMTP server (smtp-server) that accepts mail. Each can be started on
// a port chosen in advance and stopped again, to play a receiver that is down for a while.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { SMTPServer } from 'smtp-server'
import { freePort } from '../../scripts/lib/free-port.ts'

export interface WebhookDelivery {
  id: string
  event: string
  signatureValid: boolean
  body: { id: string; event: string; text: string; data: Record<string, unknown> }
}

export function webhookReceiver(port: number, secret: string, options: { status?: number } = {}) {
  const deliveries: WebhookDelivery[] = []
  let server: Server | undefined
  return {
    deliveries,
    url: `http://127.0.0.1:${port}/hooks/rm5`,
    start(): Promise<void> {
      server = createServer((request, response) => {
        const chunks: Buffer[] = []
        request.on('data', (chunk: Buffer) => chunks.push(chunk))
        request.on('end', () => {
          const raw = Buffer.concat(chunks)
          const expected = Buffer.from(createHmac('sha256', secret).update(raw).digest('hex'))
          const given = Buffer.from(String(request.headers['x-rm5-signature'] ?? ''))
          deliveries.push({
            id: String(request.headers['x-rm5-delivery']),
            event: String(request.headers['x-rm5-event']),
            signatureValid: given.length === expected.length && timingSafeEqual(given, expected),
            body: JSON.parse(raw.toString('utf8')),
          })
          response.writeHead(options.status ?? 200, { 'content-type': 'text/plain' }).end('ok')
        })
      })
      return listen(server, port)
    },
    stop(): Promise<void> {
      return new Promise((resolve) => {
        if (!server) return resolve()
        server.closeAllConnections()
        server.close(() => resolve())
        server = undefined
      })
    },
  }
}

export interface ReceivedMail {
  id: string
  from: string
  to: string[]
  raw: string
}

/** `onMail` sees each message as it arrives, besides `messages` (e.g. to keep it in a file). */
export function smtpReceiver(port: number, options: { onMail?: (mail: ReceivedMail) => void } = {}) {
  const messages: ReceivedMail[] = []
  let server: SMTPServer | undefined
  return {
    messages,
    url: `smtp://127.0.0.1:${port}`,
    start(): Promise<void> {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8')
            const mail = {
              id: /^X-RM5-Delivery: (.+)$/im.exec(raw)?.[1]?.trim() ?? '',
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw,
            }
            messages.push(mail)
            options.onMail?.(mail)
            callback()
          })
        },
      })
      return listen(server, port)
    },
    stop(): Promise<void> {
      return new Promise((resolve) => {
        if (!server) return resolve()
        server.close(() => resolve())
        server = undefined
      })
    },
  }
}

function listen(server: Server | SMTPServer, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
}

/** Polls `condition` until it holds, failing with `what` after `timeoutMs`. */
export async function until(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * A webhook nobody listens on (a free port on loopback), as the env names it: deliveries are
 * refused, so notifications stay pending, as they would during an outage.
 */
export async function unheardWebhook() {
  return {
    NOTIFY_WEBHOOK_URL: `http://127.0.0.1:${await freePort()}/hook`,
    NOTIFY_WEBHOOK_SECRET: 'x'.repeat(32),
  }
}
