// Active content removed from a PDF before it is stored (issue 34): what a reader runs or opens by
// itself rather than shows. Document and page JavaScript, /OpenAction, additional actions (/AA,
// on the document, pages, annotations and form fields), Launch and the other actions that run or
// fetch something, embedded files and file attachments, XFA forms (their scripts and FormCalc
// requests) and /NeedsRendering, which asks the reader to run them. Plain links stay: a /URI
// action to http(s) or mailto, and /GoTo within the document. Objects nothing reachable points at
// (an orphaned script) are dropped too, so the stored copy holds the reachable objects only.
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFStream,
  PDFString,
} from '@cantoo/pdf-lib'

const name = (value: string) => PDFName.of(value)
/** Keys whose value is active whatever it holds. */
const ALWAYS_ACTIVE = [
  'OpenAction',
  'AA',
  'JS',
  'JavaScript',
  'EmbeddedFiles',
  'EF',
  'RichMediaContent',
  'XFA',
  'NeedsRendering',
]
/** Action keys whose value is checked: kept when it is a plain link. */
const ACTION_KEYS = ['A', 'Next']
/** Actions a plain link is made of. */
const SAFE_ACTIONS = new Set(['/URI', '/GoTo'])
const SAFE_URI = /^(https?:|mailto:)/i

function text(object: PDFObject | undefined): string | undefined {
  if (object instanceof PDFString || object instanceof PDFHexString) return object.decodeText()
  return undefined
}

/** Whether an action (dictionary, or array of them as /Next may hold) is a plain link. */
function isPlainLink(pdf: PDFDocument, value: PDFObject | undefined): boolean {
  const action = pdf.context.lookup(value)
  if (action instanceof PDFArray) return action.asArray().every((item) => isPlainLink(pdf, item))
  if (!(action instanceof PDFDict)) return false
  const kind = action.get(name('S'))?.toString()
  if (!kind || !SAFE_ACTIONS.has(kind)) return false
  if (kind === '/URI' && !SAFE_URI.test(text(pdf.context.lookup(action.get(name('URI')))) ?? '')) return false
  const next = action.get(name('Next'))
  return next === undefined || isPlainLink(pdf, next)
}

/**
 * Removes active content in place; returns what was removed (e.g. "OpenAction", "Launch action"),
 * empty when the file had none (it is then stored as it came).
 */
export function stripActiveContent(pdf: PDFDocument): string[] {
  const removed = new Set<string>()
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    const dicts: PDFDict[] = []
    // Every dictionary of the object, direct ones inside it included (annotations are often inline).
    const stack: PDFObject[] = [object instanceof PDFStream ? object.dict : object]
    while (stack.length > 0) {
      const current = stack.pop()
      if (current instanceof PDFDict) {
        dicts.push(current)
        stack.push(...current.values())
      } else if (current instanceof PDFArray) stack.push(...current.asArray())
    }
    for (const dict of dicts) {
      for (const key of ALWAYS_ACTIVE) {
        if (dict.delete(name(key))) removed.add(key)
      }
      for (const key of ACTION_KEYS) {
        const value = dict.get(name(key))
        if (value === undefined || isPlainLink(pdf, value)) continue
        const kind = pdf.context.lookupMaybe(value, PDFDict)?.get(name('S'))?.toString().slice(1)
        dict.delete(name(key))
        removed.add(kind ? `${kind} action` : `${key} action`)
      }
      if (dict.get(name('Subtype')) === name('FileAttachment') && dict.delete(name('FS'))) {
        removed.add('file attachment')
      }
    }
  }
  if (dropUnreachable(pdf) > 0) removed.add('unreachable objects')
  return [...removed]
}

/**
 * Deletes the objects nothing reachable points at (the scripts and files cut loose above, and any
 * left in the file unreferenced); returns how many.
 */
function dropUnreachable(pdf: PDFDocument): number {
  const reached = new Set<string>()
  const { trailerInfo } = pdf.context
  const stack: PDFObject[] = [trailerInfo.Root, trailerInfo.Info].filter((ref) => ref !== undefined)
  while (stack.length > 0) {
    const current = stack.pop()
    if (current instanceof PDFRef) {
      if (reached.has(current.tag)) continue
      reached.add(current.tag)
      const target = pdf.context.lookup(current)
      if (target) stack.push(target)
    } else if (current instanceof PDFDict) stack.push(...current.values())
    else if (current instanceof PDFStream) stack.push(...current.dict.values())
    else if (current instanceof PDFArray) stack.push(...current.asArray())
  }
  let dropped = 0
  for (const [ref, object] of pdf.context.enumerateIndirectObjects()) {
    if (reached.has(ref.tag)) continue
    pdf.context.delete(ref)
    // The file's own object and cross-reference streams are never reached (a save writes new
    // ones), but what they held was read into objects of its own: only those count.
    const type = object instanceof PDFStream ? object.dict.get(name('Type'))?.toString() : undefined
    if (type !== '/ObjStm' && type !== '/XRef') dropped += 1
  }
  return dropped
}
