// The demo document: added once to an empty data room with DEMO_MEDIA=auto, never with off, never
// again after an admin removed it, and once when replicas prepare together (advisory lock). Each
// test starts from an empty data room.
import { beforeEach, describe, expect, it } from 'vitest'
import { commercialTerms } from '../../../lib/content/proposal.ts'
import { LOCKS, withAdvisoryLock } from '../../../server/db/advisory-lock.server.ts'
import { DOCUMENTS_BUCKET } from '../../../server/documents/bucket.server.ts'
import { DocumentStore } from '../../../server/documents/document-store.server.ts'
import { renderMarkdown } from '../../../server/documents/markdown.server.ts'
import { quietStorageLog } from '../../../tests/helpers/quiet-log.ts'
import { dataLayerForFile } from '../../../tests/helpers/storage.ts'
import { ensureDemoDocuments } from './ensure-demo.ts'

const data = dataLayerForFile()
const options = { mode: 'auto' as const, maxBytes: 1024 * 1024, region: 'us-east-1' }

describe('ensureDemoDocuments', () => {
  // Each test starts from an empty data room: no row and no stored object.
  beforeEach(async () => {
    await data.db.prisma.$executeRawUnsafe('TRUNCATE documents CASCADE')
    const bucket = data.storage.bucket(DOCUMENTS_BUCKET)
    if (!(await data.storage.client.bucketExists(bucket))) return
    const names: string[] = []
    for await (const item of data.storage.client.listObjectsV2(bucket, '', true))
      if (item.name) names.push(item.name)
    if (names.length) await data.storage.client.removeObjects(bucket, names)
  })

  it('adds nothing with DEMO_MEDIA=off', async () => {
    expect(
      await ensureDemoDocuments(data.db.prisma, data.storage, quietStorageLog, { ...options, mode: 'off' }),
    ).toBeUndefined()
    expect(await data.db.prisma.document.count()).toBe(0)
  })

  it('adds the Circle K proposal once, even when two replicas prepare together', async () => {
    const seed = () =>
      withAdvisoryLock(data.testDb.url, LOCKS.demoDocuments, () =>
        ensureDemoDocuments(data.db.prisma, data.storage, quietStorageLog, options),
      )
    const results = await Promise.all([seed(), seed()])
    const added = results.filter((doc) => doc !== undefined)
    expect(added).toHaveLength(1)
    const [doc] = added
    expect(doc).toMatchObject({
      retailer: 'circlek',
      title: 'Partnership Proposal',
      kind: 'markdown',
      version: 1,
    })
    expect(await data.db.prisma.document.count()).toBe(1)

    // The stored Markdown renders to the page's figures.
    const store = new DocumentStore(data.db.prisma, data.storage, options)
    const { html } = renderMarkdown((await store.readBytes(doc as NonNullable<typeof doc>)).toString('utf8'))
    expect(html).toContain('<h1>Partnership Proposal</h1>')
    for (const term of commercialTerms) expect(html).toContain(`${term.name}: ${term.value}`)
    expect(html).toContain('972')
  })

  it('does not add it again after an admin removed it', async () => {
    await ensureDemoDocuments(data.db.prisma, data.storage, quietStorageLog, options)
    const store = new DocumentStore(data.db.prisma, data.storage, options)
    const [doc] = await store.list()
    expect(doc?.title).toBe('Partnership Proposal')
    await store.remove(doc?.id as string)
    expect(await ensureDemoDocuments(data.db.prisma, data.storage, quietStorageLog, options)).toBeUndefined()
    expect(await data.db.prisma.document.count()).toBe(1)
  })
})
