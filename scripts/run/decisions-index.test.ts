// docs/decisions/README.md indexes every record in docs/decisions/ and nothing else, with the
// status each record's own Status line gives; a status names only records that exist.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DECISIONS_DIR, decisionRecords, decisionsIndex } from './decisions-index.ts'

const readme = readFileSync(join(DECISIONS_DIR, 'README.md'), 'utf8')
const records = decisionRecords()

describe('the decisions index', () => {
  it('links every file in docs/decisions/ and no other', () => {
    const files = readdirSync(DECISIONS_DIR).filter((file) => file !== 'README.md')
    const linked = [...readme.matchAll(/^\| \[\d{3}\]\(([^)]+)\)/gm)].map((m) => m[1])
    expect(linked.sort()).toEqual(files.sort())
  })

  it('is what `npm run docs:decisions` writes from the records', () => {
    expect(readme).toBe(decisionsIndex(records))
  })

  it('gives each record a status that says the truth in a word, naming records that exist', () => {
    const numbers = new Set(records.map((record) => record.number))
    for (const { file, status } of records) {
      expect([file, status]).toEqual([
        file,
        expect.stringMatching(/^(Accepted|Withdrawn|(Partly s|S)uperseded by \d{3}((, | and )\d{3})*)$/),
      ])
      for (const named of status.match(/\d{3}/g) ?? [])
        expect([file, numbers.has(named)]).toEqual([file, true])
    }
  })
})
