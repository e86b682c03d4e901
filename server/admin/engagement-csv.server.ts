// The engagement page's figures as CSV (RFC 4180, server/csv/csv.server.ts): the same report the page
// draws, one table per file, seconds as numbers so a spreadsheet can sum them.

import { viewerLabel } from '../../lib/documents/viewer-label.ts'
import { csvRecord } from '../csv/csv.server.ts'
import type { DocumentEngagementReport } from '../documents/document-engagement.server.ts'

export const ENGAGEMENT_FIGURES = ['openings', 'pages', 'viewers'] as const
export type EngagementFigures = (typeof ENGAGEMENT_FIGURES)[number]

export function engagementCsv(report: DocumentEngagementReport, figures: EngagementFigures): string {
  if (figures === 'openings') {
    return (
      csvRecord(['day', 'openings']) +
      report.openings.days.map((entry) => csvRecord([entry.day, entry.count])).join('')
    )
  }
  if (figures === 'pages') {
    return (
      csvRecord(['page', 'seconds', 'shows', 'viewers']) +
      report.pages.map((page) => csvRecord([page.page, page.seconds, page.shows, page.readers])).join('')
    )
  }
  return (
    csvRecord([
      'viewer',
      'email',
      'code_id',
      'openings',
      'seconds',
      'pages_reached',
      'furthest_page',
      'downloads',
      'first_at',
      'last_at',
    ]) +
    report.viewers
      .map((viewer) =>
        csvRecord([
          viewerLabel(viewer),
          viewer.email,
          viewer.codeId,
          viewer.opens,
          viewer.seconds,
          viewer.pagesReached,
          viewer.furthestPage,
          viewer.downloads,
          viewer.firstAt.toISOString(),
          viewer.lastAt.toISOString(),
        ]),
      )
      .join('')
  )
}
