// What each demo-media kind produces: files addressed by logical bucket and key.
import type { LogicalBucket } from '../../../lib/buckets.ts'

export interface DemoFile {
  bucket: LogicalBucket
  key: string
  data: Buffer
}

/** One unit of work for the orchestrator (an image, or the whole video set). */
export interface DemoJob {
  label: string
  run(): Promise<DemoFile[]>
}
