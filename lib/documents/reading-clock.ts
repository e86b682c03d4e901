// How long a viewer spends on each page of a document (or on a Markdown document as a whole,
// page 0), counted in the browser and reported in whole seconds by beacons. Time counts only
// while the tab is visible and the viewer has done something (scroll, pointer, key) within the
// idle window: a tab left open on a page is not reading. A page counts as shown once it has been
// the current page for a moment, so pages flicked past on the way to another are not "read".
// Pure: every method takes the time, so tests drive it without timers.

export interface PageReport {
  /** 0: the document as a whole (Markdown); n: PDF page n. */
  page: number
  /** Whole seconds since the page's last report; the remainder waits for the next one. */
  seconds: number
  /** The page became the current one since its last report. */
  shown: boolean
}

export interface ReadingClockOptions {
  /** After this long without input, time stops counting until the next input. */
  idleMs?: number
  /** How long a page must stay current to count as shown. */
  minDwellMs?: number
  /** A report never carries more seconds than this; the rest waits for the next report. */
  maxReportSeconds?: number
}

export const READING_IDLE_MS = 3 * 60_000
export const MIN_DWELL_MS = 1_000
/** Below the server's cap per report, so a long read is never clamped away: reports go out sooner. */
export const MAX_REPORT_SECONDS = 300

interface Pending {
  ms: number
  shown: boolean
}

export class ReadingClock {
  private readonly idleMs: number
  private readonly minDwellMs: number
  private readonly maxReportSeconds: number
  private readonly pending = new Map<number, Pending>()
  private page: number | null = null
  /** Time on the current page since it became current (visible, not idle). */
  private visitMs = 0
  private visitCounted = false
  private visible: boolean
  private lastTick: number
  private lastActivity: number

  constructor(at: number, options: ReadingClockOptions & { visible?: boolean } = {}) {
    this.idleMs = options.idleMs ?? READING_IDLE_MS
    this.minDwellMs = options.minDwellMs ?? MIN_DWELL_MS
    this.maxReportSeconds = options.maxReportSeconds ?? MAX_REPORT_SECONDS
    this.visible = options.visible ?? true
    this.lastTick = at
    this.lastActivity = at
  }

  /** The page now current (null: none, e.g. the viewer scrolled out of sight). */
  show(page: number | null, at: number): void {
    this.tick(at)
    if (page === this.page) return
    this.page = page
    this.visitMs = 0
    this.visitCounted = false
    // A zero-length dwell threshold counts the page at once.
    this.tick(at)
  }

  get currentPage(): number | null {
    return this.page
  }

  /** The viewer did something (scrolled, pointed, pressed a key): time counts again. */
  activity(at: number): void {
    this.tick(at)
    this.lastActivity = at
  }

  /** The tab was hidden or shown again (document.visibilityState). */
  setVisible(visible: boolean, at: number): void {
    this.tick(at)
    this.visible = visible
    // Coming back to the tab is input of its own: the viewer is looking again.
    if (visible) this.lastActivity = at
  }

  /** Some page holds at least a full report's worth of seconds: send the reports now. */
  due(at: number): boolean {
    this.tick(at)
    for (const entry of this.pending.values()) if (entry.ms >= this.maxReportSeconds * 1000) return true
    return false
  }

  /** Reports for every page with whole seconds or a show to report, and forgets what they carry. */
  take(at: number): PageReport[] {
    this.tick(at)
    const reports: PageReport[] = []
    for (const [page, entry] of this.pending) {
      const seconds = Math.min(this.maxReportSeconds, Math.floor(entry.ms / 1000))
      if (seconds === 0 && !entry.shown) continue
      reports.push({ page, seconds, shown: entry.shown })
      entry.ms -= seconds * 1000
      entry.shown = false
      if (entry.ms === 0) this.pending.delete(page)
    }
    return reports.sort((a, b) => a.page - b.page)
  }

  /** Counts the time since the last tick towards the current page, up to the idle limit. */
  private tick(at: number): void {
    const from = this.lastTick
    const until = Math.min(at, this.lastActivity + this.idleMs)
    this.lastTick = Math.max(this.lastTick, at)
    if (this.page === null || !this.visible) return
    const ms = Math.max(0, until - from)
    this.visitMs += ms
    const counts = !this.visitCounted && this.visitMs >= this.minDwellMs
    if (ms === 0 && !counts) return
    let entry = this.pending.get(this.page)
    if (!entry) {
      entry = { ms: 0, shown: false }
      this.pending.set(this.page, entry)
    }
    entry.ms += ms
    if (counts) {
      entry.shown = true
      this.visitCounted = true
    }
  }
}
