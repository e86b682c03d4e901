// The worker thread that does a document's heavy work (jobs/document-jobs.server.ts starts it):
// inspecting an upload (parse, bounds, active content, a trial stamp; Markdown rendered), stamping
// a viewer's watermark into a PDF, and rendering Markdown stored before HTML was kept per version.
// A refusal comes back as a value (an Error's class does not cross threads); anything else thrown
// fails the job. A stamp reads its original from a file the caller holds open and writes the
// stamped copy to a file: whole PDFs live only in this thread's heap, never the request thread's.

import { readSync, writeFileSync } from 'node:fs'
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
  | { task: 'stamp'; input: StampInput; output: string; text: WatermarkText }
  | { task: 'render'; text: string }

export type DocumentJobResult =
  | { task: 'inspect'; prepared: PreparedDocument }
  | { task: 'stamp'; size: number }
  | { task: 'render'; html: string; words: number }
  | { task: 'rejected'; message: string }

/**
 * An original the caller opened (file descriptors belong to the process, so every thread reads
 * them) and keeps open until the job ends: read by position, so jobs may share one.
 */
export interface StampInput {
  fd: number
  size: number
}

function readInput({ fd, size }: StampInput): Uint8Array {
  const bytes = Buffer.allocUnsafe(size)
  let read = 0
  while (read < size) {
    const n = readSync(fd, bytes, read, size - read, read)
    if (n === 0) throw new Error(`the original ended after ${read} of ${size} bytes`)
    read += n
  }
  return bytes
}

export default async function run(job: DocumentJob): Promise<DocumentJobResult> {
  try {
    switch (job.task) {
      case 'inspect':
        return {
          task: 'inspect',
          prepared: await inspectDocument(job.bytes, job.fileName, job.maxBytes, job.maxPages),
        }
      case 'stamp': {
        const stamped = await watermarkPdf(readInput(job.input), job.text)
        // 0600, and never over an existing file: the caller names a new one for each stamp.
        writeFileSync(job.output, stamped, { mode: 0o600, flag: 'wx' })
        return { task: 'stamp', size: stamped.length }
      }
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
