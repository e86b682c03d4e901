// The worker process that does a document's heavy work (jobs/document-jobs.server.ts starts it):
// inspecting an upload (parse, bounds, active content, a trial stamp; Markdown rendered), stamping
// a viewer's watermark into a PDF, drawing a stamped PDF's pages as pictures for a view-only
// document, and rendering Markdown stored before HTML was kept per version.
// A refusal comes back as a value (an Error's class does not cross processes); anything else
// thrown fails the job. A stamp reads its original from a file the caller keeps until the job
// ends and writes the stamped copy to a file: whole PDFs live only in this process, never in the
// server's heap.

import { readFileSync, writeFileSync } from 'node:fs'
import type { DocumentLimits } from '../limits.server.ts'
import { renderMarkdown } from '../markdown.server.ts'
import type { PageShape } from '../page-images/page-image-size.server.ts'
import { DocumentRejected } from '../rejected.server.ts'
import { inspectDocument, type PreparedDocument } from '../validate.server.ts'
import { type WatermarkText, watermarkPdf } from '../watermark.server.ts'
import { pageShapes, renderPage } from './page-render.server.ts'
import { serveJobs } from './process-pool-worker.server.ts'
import {
  YIELD_TO_REQUESTS_ENV,
  yieldMemoryToRequests,
  yieldProcessToRequests,
} from './worker-priority.server.ts'

// Once per process, when the server's pool starts it: its heavy work never outbids the pages for
// a core, nor outlives the server when memory runs out.
if (process.env[YIELD_TO_REQUESTS_ENV] === '1') {
  yieldProcessToRequests()
  yieldMemoryToRequests()
}

export type DocumentJob =
  | {
      task: 'inspect'
      bytes: Uint8Array
      fileName: string
      limits: DocumentLimits
    }
  | { task: 'stamp'; input: string; output: string; text: WatermarkText }
  | { task: 'render'; text: string }
  | { task: 'shapes'; input: string; maxPages: number }
  | { task: 'page'; input: string; page: number }

export type DocumentJobResult =
  | { task: 'inspect'; prepared: PreparedDocument }
  | { task: 'stamp'; size: number }
  | { task: 'render'; html: string; words: number }
  | { task: 'shapes'; shapes: PageShape[] }
  | { task: 'page'; bytes: Uint8Array; width: number; height: number }
  | { task: 'rejected'; message: string }

async function run(job: DocumentJob): Promise<DocumentJobResult> {
  try {
    switch (job.task) {
      case 'inspect':
        return {
          task: 'inspect',
          prepared: await inspectDocument(job.bytes, job.fileName, job.limits),
        }
      case 'stamp': {
        const stamped = await watermarkPdf(readFileSync(job.input), job.text)
        // 0600, and never over an existing file: the caller names a new one for each stamp.
        writeFileSync(job.output, stamped, { mode: 0o600, flag: 'wx' })
        return { task: 'stamp', size: stamped.length }
      }
      case 'render': {
        const { html, words } = renderMarkdown(job.text)
        return { task: 'render', html, words }
      }
      case 'shapes':
        return { task: 'shapes', shapes: await pageShapes(job.input, job.maxPages) }
      case 'page':
        return { task: 'page', ...(await renderPage(job.input, job.page)) }
    }
  } catch (error) {
    if (error instanceof DocumentRejected) return { task: 'rejected', message: error.message }
    throw error
  }
}

serveJobs(run)
