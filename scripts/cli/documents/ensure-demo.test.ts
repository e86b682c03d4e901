// The demo document: added once to an empty data room with DEMO_MEDIA=auto, never with off, never
// again after an admin removed it, and once when replicas prepare together (advisory lock). A
// copy of the proposal an earlier release seeded gives way to it, unless an admin changed that
// copy. Each test starts from an empty data room.
import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { commercialTerms } from '../../../lib/content/proposal.ts'
import { rolloutPhases } from '../../../lib/content/rollout.ts'
import { LOCKS, withAdvisoryLock } from '../../../server/db/advisory-lock.server.ts'
import { DOCUMENTS_BUCKET } from '../../../server/documents/bucket.server.ts'
import { DocumentStore } from '../../../server/documents/document-store.server.ts'
import { renderMarkdown } from '../../../server/documents/markdown.server.ts'
import { quietStorageLog } from '../../../tests/helpers/quiet-log.ts'
import { dataLayerForFile } from '../../../tests/helpers/storage.ts'
import { ensureDemoDocuments, SEEDED_PROPOSAL } from './ensure-demo.ts'

const data = dataLayerForFile()
const options = { mode: 'auto' as const, maxBytes: 1024 * 1024, region: 'us-east-1' }
const store = () => new DocumentStore(data.db.prisma, data.storage, options)
const ensure = (mode: 'auto' | 'off' = 'auto') =>
  ensureDemoDocuments(data.db.prisma, data.storage, quietStorageLog, { ...options, mode })
const liveTitles = async () => (await store().list()).map((doc) => doc.title)

/** The proposal as an earlier release seeded it (the same file name and title, version 1). */
const seedProposalCopy = () =>
  store().add({
    retailer: 'circlek',
    bytes: Buffer.from(`# ${SEEDED_PROPOSAL.title}\n\nThe terms.\n`),
    fileName: SEEDED_PROPOSAL.fileName,
    title: SEEDED_PROPOSAL.title,
  })

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
    expect(await ensure('off')).toBeUndefined()
    expect(await data.db.prisma.document.count()).toBe(0)
  })

  it('adds the Circle K rollout plan once, even when two replicas prepare together', async () => {
    const seed = () => withAdvisoryLock(data.testDb.url, LOCKS.demoDocuments, () => ensure())
    const results = await Promise.all([seed(), seed()])
    const added = results.filter((doc) => doc !== undefined)
    expect(added).toHaveLength(1)
    const [doc] = added
    expect(doc).toMatchObject({ retailer: 'circlek', title: 'Rollout Plan', kind: 'markdown', version: 1 })
    expect(await data.db.prisma.document.count()).toBe(1)

    // The stored Markdown states /apply's phases, and none of the proposal's terms: the docket's
    // card leads to the proposal, and the list holds no second copy of it.
    const { html } = renderMarkdown(
      (await store().readBytes(doc as NonNullable<typeof doc>)).toString('utf8'),
    )
    expect(html).toContain('<h1>Rollout Plan</h1>')
    for (const phase of rolloutPhases) {
      expect(html).toContain(`Phase ${phase.phase}: ${phase.title}`)
      expect(html).toContain(phase.timeline)
    }
    expect(html).not.toContain('Partnership Proposal')
    for (const term of commercialTerms) expect(html).not.toContain(`${term.name}:`)
  })

  it('does not add it again after an admin removed it', async () => {
    await ensure()
    const [doc] = await store().list()
    expect(doc?.title).toBe('Rollout Plan')
    await store().remove(doc?.id as string)
    expect(await ensure()).toBeUndefined()
    expect(await data.db.prisma.document.count()).toBe(1)
  })

  it('puts the rollout plan in place of the proposal copy an earlier release seeded, once', async () => {
    const copy = await seedProposalCopy()
    expect(await ensure()).toMatchObject({ title: 'Rollout Plan' })
    expect(await liveTitles()).toEqual(['Rollout Plan'])
    expect((await store().find(copy.id, { includeRemoved: true }))?.removedAt).toBeInstanceOf(Date)
    expect(await ensure()).toBeUndefined()
    expect(await liveTitles()).toEqual(['Rollout Plan'])
  })

  it('leaves a proposal copy an admin replaced or limited, and every copy with DEMO_MEDIA=off', async () => {
    const replaced = await seedProposalCopy()
    await store().replace(replaced.id, Buffer.from('# Our own terms\n'), 'terms.md')
    const limited = await seedProposalCopy()
    // As `rm5 documents set --codes` leaves it (the code itself is not what is checked here).
    await data.db.prisma.document.update({ where: { id: limited.id }, data: { codeIds: [randomUUID()] } })
    const untouched = await seedProposalCopy()
    expect(await ensure('off')).toBeUndefined()
    expect(await ensure()).toMatchObject({ title: 'Rollout Plan' })
    const live = new Set((await store().list()).map((doc) => doc.id))
    expect([live.has(replaced.id), live.has(limited.id), live.has(untouched.id)]).toEqual([true, true, false])
  })
})
