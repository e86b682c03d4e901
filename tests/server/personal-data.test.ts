// Deleting a person's data on request: their applications and contact messages, found by e-mail
// (any letter case) or id, go together with the notifications that would announce them.
import { describe, expect, it } from 'vitest'
import { InvalidTarget, personalData } from '../../server/forms/personal-data.server.ts'
import { testAppForFile } from '../helpers/app.ts'
import { unheardWebhook } from '../helpers/notification-receivers.ts'
import { postJson, sendApplication } from '../helpers/submissions.ts'

const t = testAppForFile(async () => ({
  env: await unheardWebhook(),
  notifications: { retryMs: 60_000, pollMs: 60_000 },
}))

describe('personal data', () => {
  it('finds and deletes a person’s applications with their notifications, and nothing else', async () => {
    const ids = [
      await sendApplication(t.app, 'Requester Bakes', 'dana@requester.example'),
      await sendApplication(t.app, 'Requester Bakes II', 'Dana@Requester.example'),
      await sendApplication(t.app, 'Someone Else', 'other@else.example'),
    ]
    // Notifications about applications only: the contact test's own come and go in any order.
    const aboutApplications = { where: { event: 'application.created' } }
    expect(await t.db.prisma.notification.count(aboutApplications)).toBe(3)

    const found = await personalData.applications.find(t.db.prisma, { email: ' DANA@requester.example ' })
    expect(found.map((row) => row.name)).toEqual(['Requester Bakes', 'Requester Bakes II'])
    expect(
      await personalData.applications.delete(
        t.db.prisma,
        { label: 'cli@test' },
        found.map((row) => row.id),
      ),
    ).toBe(2)

    expect((await t.db.prisma.retailerApplication.findMany()).map((row) => row.id)).toEqual([ids[2]])
    const left = await t.db.prisma.notification.findMany(aboutApplications)
    expect(left.map((row) => (row.payload as { applicationId: string }).applicationId)).toEqual([ids[2]])
    expect(await personalData.applications.find(t.db.prisma, { email: 'dana@requester.example' })).toEqual([])
  })

  it('deletes one contact message by id', async () => {
    const res = await postJson(t.app, '/api/contact', {
      name: 'Sam Asker',
      email: 'sam@asker.example',
      message: 'Please forget me after you answer.',
    })
    const id = res.json().id as string
    const [found] = await personalData.contact.find(t.db.prisma, { id })
    expect(found).toMatchObject({ id, email: 'sam@asker.example', name: 'Sam Asker' })
    expect(await personalData.contact.delete(t.db.prisma, { label: 'ops@example.com' }, [id])).toBe(1)
    // The audit log names who deleted which id, never what the message said.
    const audit = await t.db.prisma.auditEntry.findFirst({ where: { action: 'message.delete', target: id } })
    expect(audit).toMatchObject({ actor: 'ops@example.com', details: { ids: [id], count: 1 } })
    expect(await t.db.prisma.contactMessage.count({ where: { id } })).toBe(0)
    expect(await t.db.prisma.notification.count({ where: { event: 'contact.created' } })).toBe(0)
  })

  it('refuses what is not an id or an address', async () => {
    await expect(personalData.contact.find(t.db.prisma, { id: '12345' })).rejects.toThrow(InvalidTarget)
    await expect(personalData.applications.find(t.db.prisma, { email: 'nobody' })).rejects.toThrow(
      'is not an e-mail address',
    )
  })
})
