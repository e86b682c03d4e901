// The partners a running server serves gates for (decision 035): the rows of `partners`, read
// again every PARTNERS_REFRESH_MS in the background, so `rm5 partners add|set|remove` (another
// process, maybe on another host) is live on every instance within seconds without a restart,
// and no request waits for the database to learn which gates exist. A change is announced to
// listeners (the page cache drops the renders that showed the old partners).
import type { FastifyInstance } from 'fastify'
import type { Partner, PartnerSlug } from '../../lib/partners.ts'
import type { PrismaClient } from '../db/database.server.ts'
import { servedPartners } from './partner-store.server.ts'

export const PARTNERS_REFRESH_MS = 2_000

export interface PartnerDirectoryLog {
  warn(obj: object, msg: string): void
}

export class PartnerDirectory {
  private bySlug = new Map<PartnerSlug, Partner>()
  private ordered: readonly Partner[] = []
  private signature = ''
  private readonly listeners: Array<() => void> = []
  private timer: NodeJS.Timeout | undefined
  private loading: Promise<void> | undefined

  constructor(
    private readonly prisma: PrismaClient,
    private readonly log: PartnerDirectoryLog,
    private readonly refreshMs = PARTNERS_REFRESH_MS,
  ) {}

  /** The partner whose gate is `/<slug>`, or undefined (unknown or removed). */
  get(slug: string): Partner | undefined {
    return this.bySlug.get(slug)
  }

  /** Every served partner, in list order. */
  list(): readonly Partner[] {
    return this.ordered
  }

  /** The partner's display name; the slug itself for one no longer served (old records). */
  nameOf(slug: string): string {
    return this.bySlug.get(slug)?.name ?? slug
  }

  /** Called after a refresh that changed any partner. */
  onChange(listener: () => void): void {
    this.listeners.push(listener)
  }

  /** Reads the rows now (once at a time); a failure keeps the partners known before. */
  refresh(): Promise<void> {
    this.loading ??= servedPartners(this.prisma)
      .then((partners) => this.apply(partners))
      .catch((error) => this.log.warn({ err: error }, 'could not read the partners; keeping the ones known'))
      .finally(() => {
        this.loading = undefined
      })
    return this.loading
  }

  start(): void {
    this.timer ??= setInterval(() => void this.refresh(), this.refreshMs).unref()
  }

  stop(): void {
    clearInterval(this.timer)
    this.timer = undefined
  }

  private apply(partners: Partner[]) {
    const signature = JSON.stringify(partners)
    if (signature === this.signature) return
    const first = this.signature === ''
    this.signature = signature
    this.ordered = Object.freeze(partners)
    this.bySlug = new Map(partners.map((partner) => [partner.slug, partner]))
    if (!first) for (const listener of this.listeners) listener()
  }
}

/** The process's directory as `app.partners`: read before the server is ready, then kept fresh. */
export function registerPartners(
  app: FastifyInstance,
  prisma: PrismaClient,
  options: { refreshMs?: number } = {},
): PartnerDirectory {
  const directory = new PartnerDirectory(prisma, app.log, options.refreshMs)
  app.decorate('partners', directory)
  app.addHook('onReady', async () => {
    await directory.refresh()
    directory.start()
  })
  app.addHook('onClose', async () => directory.stop())
  return directory
}

declare module 'fastify' {
  interface FastifyInstance {
    partners: PartnerDirectory
  }
}

declare global {
  namespace Vike {
    interface PageContext {
      /**
       * The partners served (server/partners), on every server render: the gate route and pages
       * read names and themes here. Never passed to the browser.
       */
      partners?: PartnerDirectory
    }
  }
}
