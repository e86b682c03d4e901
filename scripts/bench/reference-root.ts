// The bytes both references serve: for every subject, the site's own answer in that encoding,
// fetched with curl once the site is up (the site renders with its runtime configuration,
// decision 013, so dist/client's files can differ from what it answers). A ratio must compare
// the same bytes. Pages are written as `<path>/index.html` with `.gz`/`.br` beside them, as
// nginx's gzip_static expects; other files under their own path.
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { curlRaw } from './curl.ts'
import { ACCEPT, type Encoding, type Subject } from './subjects.ts'

export interface ReferenceFile {
  path: string
  type: string
  /** Absolute file per encoding the site answered in. */
  variants: Partial<Record<Encoding, string>>
}

export interface ReferenceRoot {
  dir: string
  files: ReferenceFile[]
}

const SUFFIX: Record<Encoding, string> = { identity: '', gzip: '.gz', br: '.br' }

function fileOf(dir: string, urlPath: string, type: string, encoding: Encoding): string {
  const base = type.startsWith('text/html') ? path.join(dir, urlPath, 'index.html') : path.join(dir, urlPath)
  return `${base}${SUFFIX[encoding]}`
}

/**
 * The site's answer as the runs will get it: a page rendered per request may answer its first
 * request before its compressed variants exist, so ask again (briefly) until the encoding asked
 * for comes back, or keep the last answer (the check that follows then marks the row).
 */
async function settledAnswer(siteUrl: string, subject: Subject) {
  let answer = curlRaw(`${siteUrl}${subject.path}`, ACCEPT[subject.encoding], subject.headers)
  for (let i = 0; i < 20 && (answer.headers['content-encoding'] ?? 'identity') !== subject.encoding; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    answer = curlRaw(`${siteUrl}${subject.path}`, ACCEPT[subject.encoding], subject.headers)
  }
  return answer
}

/** Fetches every subject's answers from the site into a new directory (the caller removes it). */
export async function referenceRoot(siteUrl: string, subjects: readonly Subject[]): Promise<ReferenceRoot> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rm5-reference-'))
  // mkdtemp makes it private; nginx's worker runs as another user when nginx starts as root.
  chmodSync(dir, 0o755)
  const byPath = new Map<string, ReferenceFile>()
  for (const subject of subjects) {
    const answer = await settledAnswer(siteUrl, subject)
    if (answer.status !== 200) throw new Error(`${subject.path} answered ${answer.status}`)
    const encoding = (answer.headers['content-encoding'] ?? 'identity') as Encoding
    const type = answer.headers['content-type'] ?? 'application/octet-stream'
    const entry = byPath.get(subject.path) ?? { path: subject.path, type, variants: {} }
    byPath.set(subject.path, entry)
    const file = fileOf(dir, subject.path, type, encoding)
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 })
    writeFileSync(file, answer.body)
    entry.variants[encoding] = file
  }
  return { dir, files: [...byPath.values()] }
}
