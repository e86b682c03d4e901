// Run by the bench as a child with the site's environment (its DATA_DIR): stores the generated
// PDF as a circlek document through the data room's own store (checked in the worker pool as
// `rm5 documents add` does) and creates one labelled circlek code per viewer, so that each viewer
// is named differently in the watermark and gets a stamp of their own. Prints one JSON line.
import { readFile } from 'node:fs/promises'
import { cliActor } from '../../server/audit/audit.server.ts'
import { withDocuments } from '../cli/documents/open.ts'

const [file, count] = process.argv.slice(2)
if (!file || !count) throw new Error('usage: document-viewers-setup.ts <pdf> <viewers>')

const { createAccessCode } = await import('../../server/access/code-admin.server.ts')
const result = await withDocuments(async (store, prisma) => {
  const document = await store.add({
    retailer: 'circlek',
    bytes: await readFile(file),
    fileName: 'bench-deck.pdf',
    title: 'Bench deck',
  })
  const codes: string[] = []
  for (let n = 0; n < Number(count); n++) {
    const { code } = await createAccessCode(prisma, cliActor(), {
      retailer: 'circlek',
      label: `Bench viewer ${n}`,
      replace: false,
    })
    if (code) codes.push(code)
  }
  return { documentId: document.id, pages: document.pages, codes }
})
console.log(`SETUP_JSON ${JSON.stringify(result)}`)
