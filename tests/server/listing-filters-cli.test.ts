// A listing filtered by a partner's slug: a slug no partner has is a typo to point out (exit 1,
// one line), in every command that takes `--retailer`; a partner with nothing to list says so.
import { describe, expect, it } from 'vitest'
import { cliDatabaseForFile } from '../helpers/codes-cli.ts'
import { rm5Here } from '../helpers/rm5-here.ts'

cliDatabaseForFile()

const LISTINGS = [
  ['codes', 'list'],
  ['codes', 'attempts'],
  ['codes', 'activity'],
  ['documents', 'list'],
  ['documents', 'activity'],
  ['agreements', 'list'],
  ['viewers', 'list'],
]

describe('--retailer on a listing', () => {
  it.each(LISTINGS)('rm5 %s %s refuses a slug no partner has', async (group, command) => {
    const typo = await rm5Here([group, command, '--retailer', 'compas'])
    expect([typo.code, typo.stdout, typo.stderr]).toEqual([
      1,
      '',
      `rm5 ${group} ${command}: Unknown partner "compas" (see \`rm5 partners list\`).\n`,
    ])
  })

  it.each(LISTINGS)('rm5 %s %s lists nothing for a partner with nothing', async (group, command) => {
    const none = await rm5Here([group, command, '--retailer', 'walmart', '--json'])
    expect([none.code, none.stderr]).toEqual([0, ''])
  })
})
