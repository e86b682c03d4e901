// Writes docs/decisions/README.md, the index of the decision records, from each record's title
// and the first clause of its Status line (Accepted, Superseded by NNN, Partly superseded by NNN,
// Withdrawn). Run `npm run docs:decisions` after adding a record or changing a status; a test
// fails while the index and the records disagree.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const DECISIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'decisions')
const RECORD = /^(\d{3})-[a-z0-9-]+\.md$/

export interface DecisionRecord {
  file: string
  number: string
  title: string
  /** The Status line's first clause: before the first "(" or ";". */
  status: string
}

/** The records in a directory, by number; throws naming a record without a title or Status line. */
export function decisionRecords(dir = DECISIONS_DIR): DecisionRecord[] {
  return readdirSync(dir)
    .filter((file) => RECORD.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8')
      const title = /^# \d{3} — (.+)$/m.exec(text)?.[1]
      const status = /^Status: ([^(;\n]+)/m.exec(text)?.[1]?.trim()
      if (!title || !status) throw new Error(`${file}: needs a "# NNN — title" line and a "Status:" line`)
      return { file, number: file.slice(0, 3), title, status }
    })
}

/** "Superseded by 010", "Partly superseded by 016, 029 and 045": links to those records. */
function replacedBy(record: DecisionRecord, records: DecisionRecord[]): string {
  const numbers = /superseded by (.+)/i.exec(record.status)?.[1]?.match(/\d{3}/g) ?? []
  return numbers
    .map((number) => {
      const file = records.find((other) => other.number === number)?.file
      return file ? `[${number}](${file})` : number
    })
    .join(', ')
}

export function decisionsIndex(records = decisionRecords()): string {
  const rows = records.map(
    (record) =>
      `| [${record.number}](${record.file}) | ${record.title.replaceAll('|', '\\|')} | ${record.status} | ${replacedBy(record, records)} |`,
  )
  return [
    '# Decision records',
    '',
    'One record per decision: its context, what was decided and what follows. A record that no',
    'longer holds is replaced by a new one, which its Status line names. This index is generated',
    'from the records (`npm run docs:decisions`); a test fails when it and the records disagree.',
    '',
    '| number | title | status | replaced by |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(join(DECISIONS_DIR, 'README.md'), decisionsIndex())
}
