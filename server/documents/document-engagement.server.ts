// One document's engagement as the console's engagement page and its CSV show it: openings per
// day, reading time per page, and each viewer with time spent, pages reached and last opened.
// Built from documentActivity and openingsByDay, the functions `rm5 documents activity` and the
// overview read, so an opening and a second of reading mean the same everywhere.
import type { PrismaClient } from '../db/database.server.ts'
import {
  type DailySeries,
  dayRange,
  documentActivity,
  openingsByDay,
  type ViewerActivity,
} from './engagement-report.server.ts'

/** Days of openings the engagement page charts. */
export const ENGAGEMENT_DAYS = 30

export interface PageReading {
  page: number
  /** Times the page was shown, by all viewers. */
  shows: number
  seconds: number
  /** Viewers who reached the page. */
  readers: number
}

export interface DocumentViewerRow extends ViewerActivity {
  /** PDF pages this viewer was shown or spent time on. */
  pagesReached: number
  /** The furthest of them; null for Markdown or before any page was reported. */
  furthestPage: number | null
}

export interface DocumentEngagementReport {
  openings: DailySeries
  /** PDF: every page from 1 to the document's count (pages nobody reached read 0); Markdown: none. */
  pages: PageReading[]
  viewers: DocumentViewerRow[]
  totals: { opens: number; downloads: number; seconds: number; viewers: number }
}

export async function documentEngagement(
  prisma: PrismaClient,
  document: { id: string; pages: number | null },
  now: Date,
): Promise<DocumentEngagementReport> {
  const since = dayRange(now, ENGAGEMENT_DAYS)
  const [activity, openings] = await Promise.all([
    documentActivity(prisma, { documentId: document.id }),
    openingsByDay(prisma, { since, days: ENGAGEMENT_DAYS, documentId: document.id }),
  ])
  const reached = (page: { shows: number; seconds: number }) => page.shows > 0 || page.seconds > 0
  const byPage = new Map<number, PageReading>()
  for (let page = 1; page <= (document.pages ?? 0); page++)
    byPage.set(page, { page, shows: 0, seconds: 0, readers: 0 })
  for (const viewer of activity) {
    for (const page of viewer.pages) {
      const entry = byPage.get(page.page) ?? { page: page.page, shows: 0, seconds: 0, readers: 0 }
      entry.shows += page.shows
      entry.seconds += page.seconds
      if (reached(page)) entry.readers++
      byPage.set(page.page, entry)
    }
  }
  const viewers = activity
    .map((viewer) => {
      const pages = viewer.pages.filter(reached)
      return { ...viewer, pagesReached: pages.length, furthestPage: pages.at(-1)?.page ?? null }
    })
    .sort((a, b) => b.lastAt.getTime() - a.lastAt.getTime())
  return {
    openings,
    pages: [...byPage.values()].sort((a, b) => a.page - b.page),
    viewers,
    totals: {
      opens: activity.reduce((sum, viewer) => sum + viewer.opens, 0),
      downloads: activity.reduce((sum, viewer) => sum + viewer.downloads, 0),
      seconds: activity.reduce((sum, viewer) => sum + viewer.seconds, 0),
      viewers: activity.length,
    },
  }
}
