// The data room's data layer against real Postgres and the S3 stand-in (embedded s3rver): the
// document store, agreements, engagement batches and one-time e-mail links.
import { text } from 'node:stream/consumers'
import { beforeAll, describe, expect, it } from 'vitest'
import { createEmailLink, emailAllowed, useEmailLink } from '../../server/access/email-links.server.ts'
import { cliActor } from '../../server/audit/audit.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { hasAccepted, recordAcceptance } from '../../server/documents/acceptances.server.ts'
import {
  clearAgreement,
  currentAgreement,
  listAgreements,
  setAgreement,
} from '../../server/documents/agreements.server.ts'
import { DocumentNotFound, DocumentStore } from '../../server/documents/document-store.server.ts'
import { DocumentEngagement } from '../../server/documents/engagement.server.ts'
import { documentActivity } from '../../server/documents/engagement-report.server.ts'
import { type DocumentJobs, documentJobs } from '../../server/documents/jobs/document-jobs.server.ts'
import { DocumentRejected } from '../../server/documents/validate.server.ts'
import { webhookChannel } from '../../server/notifications/channels.server.ts'
import { messageFor } from '../../server/notifications/messages.server.ts'
import { Outbox } from '../../server/notifications/outbox.server.ts'
import { makePdf } from '../helpers/documents.ts'
import { buildMediaApp } from '../helpers/media-app.ts'
import { EMAIL_LINK_LIFETIME_MS } from '../helpers/promised.ts'
import { dataLayerForFile } from '../helpers/storage.ts'

const data = dataLayerForFile()
let store: DocumentStore

beforeAll(() => {
  store = new DocumentStore(data.db.prisma, data.storage, { maxBytes: 1024 * 1024, region: 'us-east-1' })
})

describe('document store', () => {
  it('stores a PDF under an unguessable id and a key made of id and hash, never the file name', async () => {
    const pdf = await makePdf(3)
    const doc = await store.add({ retailer: 'circlek', bytes: pdf, fileName: '../../etc/Q3 deck.pdf' })
    expect(doc.id).toMatch(/^[0-9a-f]{32}$/)
    expect(doc).toMatchObject({ retailer: 'circlek', title: 'Q3 deck', kind: 'pdf', version: 1, pages: 3 })
    expect(doc.fileName).toBe('Q3 deck.pdf')
    expect(doc.objectKey).toBe(`${doc.id}/${doc.sha256}.pdf`)
    const stored = await store.readBytes(doc)
    expect(Buffer.compare(stored, Buffer.from(pdf))).toBe(0)
  })

  it('reads byte ranges, and refuses a range outside the file', async () => {
    const doc = await store.add({
      retailer: 'pizzahut',
      bytes: Buffer.from('# Menu\n\nPepperoni and more.\n'),
      fileName: 'menu.md',
      title: 'Menu terms',
      notify: true,
    })
    expect(doc).toMatchObject({ kind: 'markdown', words: 4, pages: null, notify: true, title: 'Menu terms' })
    expect(await text(await store.read(doc, { start: 2, end: 5 }))).toBe('Menu')
    expect(await text(await store.read(doc, { start: doc.size - 1, end: doc.size - 1 }))).toBe('\n')
    await expect(store.read(doc, { start: 0, end: doc.size })).rejects.toBeInstanceOf(RangeError)
    await expect(store.read(doc, { start: 5, end: 4 })).rejects.toBeInstanceOf(RangeError)
  })

  it('stores nothing for a refused file', async () => {
    // The bucket exists once anything was stored (the first add creates it).
    await store.add({ retailer: 'circlek', bytes: Buffer.from('# kept'), fileName: 'kept.md' })
    const before = await data.storage.client.listObjectsV2('documents', '', true).toArray()
    const rows = await data.db.prisma.document.count()
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)])
    await expect(store.add({ retailer: 'circlek', bytes: exe, fileName: 'proposal.pdf' })).rejects.toThrow(
      /named \.pdf but its content is not a PDF: it looks like a Windows program/,
    )
    await expect(
      store.add({ retailer: 'circlek', bytes: Buffer.from('# x'), fileName: 'x.md', title: ' ' }),
    ).rejects.toBeInstanceOf(DocumentRejected)
    expect(await data.db.prisma.document.count()).toBe(rows)
    expect(await data.storage.client.listObjectsV2('documents', '', true).toArray()).toHaveLength(
      before.length,
    )
  })

  it('replaces with a new version and keeps the old one, also when two replacements race', async () => {
    const doc = await store.add({ retailer: 'compass', bytes: await makePdf(1, 'v1'), fileName: 'plan.pdf' })
    const [a, b] = await Promise.all([
      store.replace(doc.id, await makePdf(2, 'v2'), 'plan-v2.pdf'),
      store.replace(doc.id, await makePdf(5, 'v3'), 'plan-v3.pdf'),
    ])
    expect([a.version, b.version].sort()).toEqual([2, 3])
    const versions = await store.versions(doc.id)
    expect(versions.map((v) => v.version)).toEqual([3, 2, 1])
    const current = await store.find(doc.id)
    expect(current?.version).toBe(3)
    expect(current?.pages).toBe(versions[0]?.pages)
    // Every version's bytes are still there.
    for (const v of versions) expect((await store.readBytes(v)).length).toBe(v.size)
  })

  it('refuses a replacement of another kind, the same bytes, or of a removed document', async () => {
    const pdf = await makePdf(1, 'kind')
    const doc = await store.add({ retailer: 'partner', bytes: pdf, fileName: 'k.pdf' })
    await expect(store.replace(doc.id, Buffer.from('# text'), 'k.md')).rejects.toThrow(/same kind/)
    await expect(store.replace(doc.id, pdf, 'again.pdf')).rejects.toThrow(/same file as version 1/)
    await store.remove(doc.id)
    await expect(store.replace(doc.id, await makePdf(2), 'k2.pdf')).rejects.toThrow(/was removed/)
    await expect(store.replace('a'.repeat(32), pdf, 'x.pdf')).rejects.toBeInstanceOf(DocumentNotFound)
  })

  /**
   * A store whose check of a new file ends with another admin (or `rm5 documents remove`)
   * removing the document: the race a replacement can meet.
   */
  const removingWhileChecked = (id: string, storage = data.storage) => {
    const pool = documentJobs()
    return new DocumentStore(data.db.prisma, storage, {
      maxBytes: 1024 * 1024,
      region: 'us-east-1',
      jobs: {
        async inspect(...args: Parameters<DocumentJobs['inspect']>) {
          const inspected = await pool.inspect(...args)
          await store.remove(id)
          return inspected
        },
      } as unknown as DocumentJobs,
    })
  }

  it.each([
    ['new bytes', 'leaves no object behind'],
    ["an earlier version's bytes", "keeps that version's object"],
  ] as const)(
    'refuses a replacement with %s when the document is removed meanwhile, and %s',
    async (bytes, _kept) => {
      const first = await makePdf(1, 'race v1')
      const doc = await store.add({ retailer: 'compass', bytes: first, fileName: 'race.pdf' })
      const second = await store.replace(doc.id, await makePdf(2, 'race v2'), 'race-v2.pdf')
      const keys = async () =>
        (await data.storage.client.listObjectsV2('documents', `${doc.id}/`, true).toArray())
          .map((item: { name: string }) => item.name)
          .sort()
      const kept = [doc.objectKey, second.objectKey].sort()
      expect(await keys()).toEqual(kept)
      const racing = removingWhileChecked(doc.id)
      const upload = bytes === 'new bytes' ? await makePdf(3, 'race v3') : first
      await expect(racing.replace(doc.id, upload, 'race-v3.pdf')).rejects.toThrow(
        `Document ${doc.id} was removed; add it again instead.`,
      )
      expect((await store.versions(doc.id)).map((v) => v.version)).toEqual([2, 1])
      expect(await keys()).toEqual(kept)
      for (const v of await store.versions(doc.id)) expect((await store.readBytes(v)).length).toBe(v.size)
    },
  )

  it('still says the document was removed when storage refuses to delete the new file', async () => {
    const doc = await store.add({
      retailer: 'compass',
      bytes: await makePdf(1, 'down v1'),
      fileName: 'down.pdf',
    })
    // The real storage for every call but the delete, which fails as it would with S3 down.
    const client = Object.create(data.storage.client, {
      removeObject: { value: async () => Promise.reject(new Error('connect ECONNREFUSED')) },
    })
    const racing = removingWhileChecked(doc.id, { ...data.storage, client })
    await expect(racing.replace(doc.id, await makePdf(2, 'down v2'), 'down-v2.pdf')).rejects.toThrow(
      `Document ${doc.id} was removed; add it again instead.`,
    )
    expect((await store.versions(doc.id)).map((v) => v.version)).toEqual([1])
  })

  it('answers a removed document, another retailer and a malformed id alike: not found', async () => {
    const doc = await store.add({ retailer: 'investor', bytes: await makePdf(1, 'inv'), fileName: 'i.pdf' })
    expect((await store.find(doc.id, { retailer: 'investor' }))?.id).toBe(doc.id)
    expect(await store.find(doc.id, { retailer: 'circlek' })).toBeUndefined()
    expect(await store.find("x' OR 1=1 --")).toBeUndefined()
    const removed = await store.remove(doc.id, new Date('2026-11-25T10:00:00Z'))
    expect(removed.removedAt?.toISOString()).toBe('2026-11-25T10:00:00.000Z')
    expect(await store.find(doc.id, { retailer: 'investor' })).toBeUndefined()
    expect((await store.list({ retailer: 'investor' })).map((d) => d.id)).not.toContain(doc.id)
    expect((await store.list({ retailer: 'investor', includeRemoved: true })).map((d) => d.id)).toContain(
      doc.id,
    )
    // The bytes stay for the record.
    expect((await store.readBytes(removed)).length).toBe(removed.size)
  })

  it('is never served by /media', async () => {
    const doc = await store.add({ retailer: 'circlek', bytes: await makePdf(1, 'media'), fileName: 'm.pdf' })
    const app = await buildMediaApp(data.storage)
    try {
      const res = await app.inject(`/media/documents/${doc.objectKey}`)
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain('%PDF')
    } finally {
      await app.close()
    }
  })
})

describe('agreements', () => {
  const viewer = {
    codeId: '0b6d2c55-52f5-4d3f-9a4c-3b0f3c9e8a11',
    email: 'dana@circlek.com',
    sessionId: 'a3c1d0b2-6f4e-4b8a-9c2d-1e5f7a9b3c4d',
  }

  it('versions a changed text, keeps the same one, and asks again after a new version', async () => {
    expect(await currentAgreement(data.db.prisma, 'circlek')).toBeUndefined()
    const first = await setAgreement(
      data.db.prisma,
      cliActor(),
      'circlek',
      '# NDA\n\nKeep it confidential.\n',
    )
    expect(first).toMatchObject({ created: true, agreement: { version: 1 } })
    expect(
      (await setAgreement(data.db.prisma, cliActor(), 'circlek', '# NDA\n\nKeep it confidential.\n')).created,
    ).toBe(false)
    await recordAcceptance(data.db.prisma, first.agreement.id, viewer, 'hash-a')
    await recordAcceptance(data.db.prisma, first.agreement.id, viewer, 'hash-a')
    expect(await hasAccepted(data.db.prisma, first.agreement.id, viewer)).toBe(true)
    expect(await hasAccepted(data.db.prisma, first.agreement.id, { ...viewer, email: null })).toBe(false)

    const second = await setAgreement(data.db.prisma, cliActor(), 'circlek', '# NDA v2\n')
    expect(second.agreement.version).toBe(2)
    const current = await currentAgreement(data.db.prisma, 'circlek')
    expect(current?.version).toBe(2)
    expect(await hasAccepted(data.db.prisma, second.agreement.id, viewer)).toBe(false)

    const listed = await listAgreements(data.db.prisma, 'circlek')
    expect(listed.map((a) => [a.version, a.acceptances])).toEqual([
      [2, 0],
      [1, 1],
    ])
  })

  it('clears the current agreement; a later set starts the next version', async () => {
    await setAgreement(data.db.prisma, cliActor(), 'pizzahut', 'Terms A')
    expect((await clearAgreement(data.db.prisma, cliActor(), 'pizzahut'))?.version).toBe(1)
    expect(await currentAgreement(data.db.prisma, 'pizzahut')).toBeUndefined()
    expect(await clearAgreement(data.db.prisma, cliActor(), 'pizzahut')).toBeUndefined()
    // The same text again after a clear is a new requirement.
    const again = await setAgreement(data.db.prisma, cliActor(), 'pizzahut', 'Terms A')
    expect(again).toMatchObject({ created: true, agreement: { version: 2 } })
  })

  it('gives concurrent sets distinct versions', async () => {
    const results = await Promise.all(
      ['x', 'y', 'z'].map((body) => setAgreement(data.db.prisma, cliActor(), 'compass', body)),
    )
    expect(results.map((r) => r.agreement.version).sort()).toEqual([1, 2, 3])
  })
})

describe('engagement', () => {
  const base = { retailer: 'circlek' as const, codeId: null, ipHash: 'h1' }

  it('writes openings and page time in one batch and reports them per viewer and page', async () => {
    const engagement = new DocumentEngagement(data.db.prisma, undefined, silentLogger, { flushMs: 60_000 })
    const viewer = { ...base, documentId: 'd'.repeat(32), version: 1, email: 'dana@circlek.com' }
    const t0 = new Date('2026-11-25T09:00:00Z')
    engagement.opened(viewer, t0)
    engagement.opened(viewer, new Date('2026-11-25T09:05:00Z'))
    engagement.read(viewer, 1, 30, true, new Date('2026-11-25T09:00:30Z'))
    engagement.read(viewer, 2, 45, true, new Date('2026-11-25T09:01:15Z'))
    engagement.read(viewer, 1, 10, false, new Date('2026-11-25T09:01:25Z'))
    // Forged values are clamped or dropped, never trusted.
    engagement.read(viewer, 3, 1e9, true, new Date('2026-11-25T09:02:00Z'))
    engagement.read(viewer, -1, 10, true)
    engagement.read(viewer, 1.5, 10, true)
    engagement.read(viewer, 4, Number.NaN, false)
    const other = { ...viewer, email: 'sam@circlek.com' }
    engagement.opened(other, new Date('2026-11-25T10:00:00Z'))
    // Counted for these viewers' document only: other tests of this file write views of their own.
    const views = () => data.db.prisma.documentView.count({ where: { documentId: viewer.documentId } })
    expect(await views()).toBe(0)
    await engagement.flush()
    expect(await views()).toBe(5)

    const report = await documentActivity(data.db.prisma, { retailer: 'circlek' })
    const dana = report.find((r) => r.email === 'dana@circlek.com')
    expect(dana).toMatchObject({
      opens: 2,
      seconds: 30 + 45 + 10 + 600,
      firstAt: t0,
      lastAt: new Date('2026-11-25T09:05:00Z'),
      pages: [
        { page: 1, shows: 1, seconds: 40 },
        { page: 2, shows: 1, seconds: 45 },
        { page: 3, shows: 1, seconds: 600 },
      ],
    })
    expect(report[0]?.email).toBe('sam@circlek.com')
    expect(await documentActivity(data.db.prisma, { retailer: 'pizzahut' })).toEqual([])
  })
})

describe('document.opened', () => {
  it("queues one notification per viewer's first opening of a --notify document, in the views' transaction", async () => {
    const outbox = new Outbox(
      data.db.prisma,
      [webhookChannel('http://127.0.0.1:9/hook', 'secret')],
      silentLogger,
      {
        giveUpMs: 60_000,
      },
    )
    const engagement = new DocumentEngagement(data.db.prisma, outbox, silentLogger, { flushMs: 60_000 })
    const noisy = await store.add({
      retailer: 'compass',
      bytes: Buffer.from('# Watched'),
      fileName: 'w.md',
      notify: true,
    })
    const quiet = await store.add({ retailer: 'compass', bytes: Buffer.from('# Quiet'), fileName: 'q.md' })
    const viewer = (doc: { id: string; version: number }, email: string | null) => ({
      documentId: doc.id,
      version: doc.version,
      retailer: 'compass' as const,
      codeId: '0b6d2c55-52f5-4d3f-9a4c-3b0f3c9e8a11',
      email,
      ipHash: 'h',
    })
    engagement.opened(viewer(noisy, 'ana@compass.com'))
    engagement.opened(viewer(noisy, 'ana@compass.com'))
    engagement.opened(viewer(noisy, 'bo@compass.com'))
    engagement.opened(viewer(quiet, 'ana@compass.com'))
    engagement.read(viewer(noisy, 'cy@compass.com'), 2, 30, true)
    await engagement.flush()
    // A later opening by the same viewer, even from another replica's batch, is not announced.
    engagement.opened({ ...viewer(noisy, 'ana@compass.com'), ipHash: 'other' })
    await engagement.flush()
    const queued = await data.db.prisma.notification.findMany({ where: { event: 'document.opened' } })
    expect(queued.map((n) => (n.payload as { email: string }).email).sort()).toEqual([
      'ana@compass.com',
      'bo@compass.com',
    ])
    expect(queued[0]?.payload).toMatchObject({ documentId: noisy.id, version: 1, retailer: 'compass' })
    const message = await messageFor(data.db.prisma, queued[0]?.payload as never)
    expect(message?.subject).toMatch(/^Compass: (ana|bo)@compass\.com opened "w"$/)
  })
})

describe('one-time e-mail links', () => {
  const codeId = '7e57c0de-0000-4000-8000-000000000001'

  it('works once, within its life, and stores only the hash of its token', async () => {
    const now = new Date('2026-11-25T12:00:00Z')
    const { token, expiresAt } = await createEmailLink(data.db.prisma, codeId, 'dana@circlek.com', now)
    expect(expiresAt.getTime() - now.getTime()).toBe(EMAIL_LINK_LIFETIME_MS)
    const rows = await data.db.prisma.emailLink.findMany({ where: { codeId } })
    expect(JSON.stringify(rows)).not.toContain(token)
    const later = new Date(now.getTime() + 60_000)
    const [first, second] = await Promise.all([
      useEmailLink(data.db.prisma, token, later),
      useEmailLink(data.db.prisma, token, later),
    ])
    expect([first, second].filter(Boolean)).toEqual([{ codeId, email: 'dana@circlek.com' }])
    expect(await useEmailLink(data.db.prisma, token, later)).toBeUndefined()
  })

  it('refuses an expired link and a malformed token', async () => {
    const now = new Date('2026-11-25T12:00:00Z')
    const { token } = await createEmailLink(data.db.prisma, codeId, 'sam@circlek.com', now)
    expect(
      await useEmailLink(data.db.prisma, token, new Date(now.getTime() + EMAIL_LINK_LIFETIME_MS)),
    ).toBeUndefined()
    expect(await useEmailLink(data.db.prisma, "' OR 1=1 --")).toBeUndefined()
  })

  it('checks an address against the allowed domains', () => {
    expect(emailAllowed('dana@circlek.com', [])).toBe(true)
    expect(emailAllowed('dana@CircleK.com', ['circlek.com'])).toBe(true)
    expect(emailAllowed('dana@eu.circlek.com', ['circlek.com'])).toBe(true)
    expect(emailAllowed('dana@notcirclek.com', ['circlek.com'])).toBe(false)
    expect(emailAllowed('dana@circlek.com.evil.io', ['circlek.com'])).toBe(false)
  })
})
