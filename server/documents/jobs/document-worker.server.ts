// The worker thread that does a document's heavy work (jobs/document-jobs.server.ts starts it):
// inspecting an upload (parse, bounds, active content, a trial stamp; Markdown rendered), stamping
// a viewer's watermark into a PDF, and rendering Markdown stored before HTML was kept per version.
// A refusal comes back as a value (an Error's class does not cross threads); anything else thrown
// fails the job.

import { workerData } from 'piscina'
import { renderMarkdown } from '../markdown.server.ts'
import { DocumentRejected } from '../rejected.server.ts'
import { inspectDocument, type PreparedDocument } from '../validate.server.ts'
import { type WatermarkText, watermarkPdf } from '../watermark.server.ts'
import type { DocumentWorkerData } from './document-jobs.server.ts'
import { yieldToRequests } from './worker-priority.server.ts'

// Once per thread, when the server's pool starts it: its heavy work never outbids the pages for a core.
if ((workerData as DocumentWorkerData | undefined)?.yieldToRequests) yieldToRequests()

export type DocumentJob =
  | { task: 'inspect'; bytes: Uint8Array; fileName: string; maxBytes: number; maxPages: number }
  | { task: 'stamp'; bytes: Uint8Array; text: WatermarkText }
  | { task: 'render'; text: string }

export type DocumentJobResult =
  | { task: 'inspect'; prepared: PreparedDocument }
  | { task: 'stamp'; bytes: Uint8Array }
  | { task: 'render'; html: string; words: number }
  | { task: 'rejected'; message: string }

export default async function run(job: DocumentJob): Promise<DocumentJobResult> {
  try {
    switch (job.task) {
      case 'inspect':
        return {
          task: 'inspect',
          prepared: await inspectDocument(job.bytes, job.fileName, job.maxBytes, job.maxPages),
        }
      case 'stamp':
        return { task: 'stamp', bytes: await watermarkPdf(job.bytes, job.text) }
      case 'render': {
        const { html, words } = renderMarkdown(job.text)
        return { task: 'render', html, words }
      }
    }
  } catch (error) {
    if (error instanceof DocumentRejected) return { task: 'rejected', message: error.message }
    throw error
  }
}
