// Wires the outbox into the app: the channels the environment configures, delivery rounds while
// the server runs (every replica takes part; the claim keeps them apart), the outbox depth for
// /metrics. Without a channel nothing is queued and no round runs.
import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/database.server.ts'
import type { Env } from '../env.server.ts'
import { channelsFrom } from './channels.server.ts'
import { Outbox, type OutboxOptions } from './outbox.server.ts'

/** Test seams: retry timing, give-up time and the clock; production uses the settings. */
export type NotificationOptions = Partial<OutboxOptions>

export function registerNotifications(
  app: FastifyInstance,
  deps: { env: Env; db: Database; options?: NotificationOptions },
): Outbox {
  const outbox = new Outbox(deps.db.prisma, channelsFrom(deps.env), app.log, {
    giveUpMs: deps.env.NOTIFY_GIVE_UP_HOURS * 3_600_000,
    ...deps.options,
  })
  app.decorate('outbox', outbox)
  if (outbox.enabled) app.metrics.sources.outbox = () => outbox.counts()
  app.addHook('onReady', async () => {
    outbox.start()
    if (outbox.enabled) app.log.info({ channels: [...outbox.channels.keys()] }, 'notifications on')
  })
  app.addHook('onClose', () => outbox.stop())
  return outbox
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox
  }
}
