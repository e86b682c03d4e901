// Before anything is measured, curl asks the site and each reference for every subject with the
// headers the runs will send: they must answer the same encoding, Content-Type and bytes, or a
// ratio would compare different work.
import { curlRaw } from './curl.ts'
import type { Target } from './rounds.ts'
import { ACCEPT, type Subject } from './subjects.ts'

/** Prints one row per subject and reference; warns when any answer differs from the site's. */
export function checkSameBytes(
  site: Target,
  references: readonly Target[],
  subjects: readonly Subject[],
): void {
  const rows: Record<string, unknown>[] = []
  let allSame = true
  for (const subject of subjects) {
    const accept = ACCEPT[subject.encoding]
    const mine = curlRaw(`${site.url}${subject.path}`, accept, subject.headers)
    const encoding = (answer: typeof mine) => answer.headers['content-encoding'] ?? 'identity'
    const typeOf = (answer: typeof mine) => answer.headers['content-type']?.replace(/\s/g, '').toLowerCase()
    for (const reference of references) {
      const theirs = curlRaw(`${reference.url}${subject.path}`, accept)
      const same =
        mine.status === 200 &&
        theirs.status === 200 &&
        encoding(mine) === encoding(theirs) &&
        // nginx writes `text/html; charset=utf-8`, Vike `text/html;charset=utf-8`: the same type.
        typeOf(mine) === typeOf(theirs) &&
        mine.body.equals(theirs.body)
      allSame &&= same
      rows.push({
        subject: subject.label,
        reference: reference.name,
        'site: encoding / bytes': `${encoding(mine)} / ${mine.body.length}`,
        'reference: encoding / bytes': `${encoding(theirs)} / ${theirs.body.length}`,
        'reference type': theirs.headers['content-type'],
        same: same ? 'yes' : 'NO',
      })
    }
  }
  console.table(rows)
  if (!allSame)
    console.log('WARNING: a reference does not answer the same bytes as the site (rows marked NO)')
}
