// A grant is a session on the server (decision 045): signing out ends it, so the cookie value a
// browser held opens nothing afterwards; `rm5 viewers revoke --email` and `rm5 codes deny <id>
// --email` cut one person off; narrowing a code's domains applies to its existing sessions; and
// `rm5 viewers list` shows the live sessions only. Against the real Postgres, the CLI as its binary.
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { setCodeEmailRule } from '../../server/access/code-admin.server.ts'
import { createEmailLink } from '../../server/access/email-links.server.ts'
import { grantCookie, issueTestGrant, seedCode, verify } from '../helpers/access.ts'
import { SESSION_CUTOFF_MS } from '../helpers/promised.ts'
import { outputOf, runRm5 } from '../helpers/run-cli.ts'
import { injectPost } from '../helpers/submissions.ts'
import { viewerSessionsForFile } from '../helpers/viewer-sessions.ts'

vi.setConfig({ testTimeout: 180_000 })

const { t, clock, codes, linkGrant, danaAndLee, retailers } = viewerSessionsForFile()
beforeAll(async () => {
  for (const id of [codes.circlek, codes.investor]) {
    await t.db.prisma.accessCode.update({ where: { id }, data: { requireEmail: true } })
  }
})

const rm5 = async (...args: string[]) =>
  outputOf(await runRm5(args, { DATABASE_URL: t.env.DATABASE_URL, DATA_DIR: t.env.DATA_DIR }), args.join(' '))

describe('signing out', () => {
  it('ends every session the browser holds: the cookie values it had open nothing afterwards', async () => {
    const walmart = grantCookie(await verify(t.app, { retailer: 'walmart' }))
    const circlek = await linkGrant('circlek', 'sam@circlek.com')
    const cookie = `theme=dark; ${walmart}; ${circlek}`
    expect(await retailers(cookie)).toEqual(['walmart', 'circlek'])

    // The docket's Sign out: a plain form post naming no retailer.
    const res = await injectPost(t.app, '/api/access/logout', '', {
      'content-type': 'application/x-www-form-urlencoded',
      cookie,
    })
    // It lands on a gate it was signed in at, which says so.
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/walmart?notice=signed-out')
    const cleared = ([] as string[]).concat(res.headers['set-cookie'] ?? [])
    expect(cleared.map((header) => header.split('=')[0]).sort()).toEqual(['circlek-access', 'walmart-access'])
    expect(cleared.every((header) => header.includes('Max-Age=0'))).toBe(true)

    // A copy of the old values (another tab, a saved header) is refused at once on this instance.
    expect(await retailers(cookie)).toEqual([])
    const rows = await t.db.prisma.accessSession.findMany({
      where: { id: { in: [walmart, circlek].map((c) => c.split('.')[1] as string) } },
    })
    expect(rows.map((row) => row.endedBy)).toEqual(['signed_out', 'signed_out'])
  })

  it('ends only the named gate when one is given (the proposal’s Close)', async () => {
    const walmart = grantCookie(await verify(t.app, { retailer: 'walmart' }))
    const circlek = await linkGrant('circlek', 'kim@circlek.com')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/access/logout',
      headers: { cookie: `${walmart}; ${circlek}` },
      payload: { retailer: 'circlek' },
    })
    expect(res.json()).toEqual({ success: true })
    expect(await retailers(`${walmart}; ${circlek}`)).toEqual(['walmart'])
  })
})

describe('cutting one person off', () => {
  it('`rm5 viewers revoke --email` ends their sessions at every partner; others keep theirs', async () => {
    const { dana, lee } = await danaAndLee()
    for (const cookie of [...dana, lee]) expect(await retailers(cookie)).toHaveLength(1)

    const listed = JSON.parse(await rm5('viewers', 'list', '--json')) as { email: string; retailer: string }[]
    expect(listed.filter((s) => s.email === 'dana@circlek.com').map((s) => s.retailer)).toEqual([
      'circlek',
      'investor',
    ])
    expect(await rm5('viewers', 'revoke', '--email', 'DANA@circlek.com')).toContain('Ended 2 session(s)')

    // Remembered for at most the cache time, then refused: the bound every instance keeps.
    clock.advance(SESSION_CUTOFF_MS)
    for (const cookie of dana) expect(await retailers(cookie)).toEqual([])
    expect(await retailers(lee)).toEqual(['circlek'])
    const after = JSON.parse(await rm5('viewers', 'list', '--retailer', 'circlek', '--json')) as {
      email: string
    }[]
    expect(after.map((s) => s.email)).toContain('lee@circlek.com')
    expect(after.map((s) => s.email)).not.toContain('dana@circlek.com')
    const audit = await t.db.prisma.auditEntry.findFirst({ where: { action: 'viewer.revoke' } })
    expect(audit?.target).toBe('dana@circlek.com')
  })

  it('`rm5 codes deny <id> --email` ends their sessions from that code and keeps its links from opening', async () => {
    const ria = await linkGrant('circlek', 'ria@circlek.com')
    const riaElsewhere = await linkGrant('investor', 'ria@circlek.com')
    const { token } = await createEmailLink(t.db.prisma, codes.circlek, 'ria@circlek.com', clock.now())
    expect(await rm5('codes', 'deny', codes.circlek.slice(0, 8), '--email', 'ria@circlek.com')).toContain(
      'Ended 1 live session(s)',
    )
    clock.advance(SESSION_CUTOFF_MS)
    expect(await retailers(ria)).toEqual([])
    expect(await retailers(riaElsewhere)).toEqual(['investor'])
    // A link sent before the denial opens nothing now.
    const link = await t.app.inject({ method: 'POST', url: '/api/access/link', payload: { token } })
    expect(link.statusCode).toBe(410)

    // Admitted again: a new session works; the ended one stays ended.
    expect(await rm5('codes', 'deny', codes.circlek, '--email', 'ria@circlek.com', '--off')).toBe(
      `Code ${codes.circlek} admits ria@circlek.com again.\n`,
    )
    expect(await rm5('codes', 'deny', codes.circlek, '--email', 'ria@circlek.com', '--off')).toBe(
      `Code ${codes.circlek} does not deny ria@circlek.com: nothing changed.\n`,
    )
    clock.advance(SESSION_CUTOFF_MS)
    expect(await retailers(await linkGrant('circlek', 'ria@circlek.com'))).toEqual(['circlek'])
    expect(await retailers(ria)).toEqual([])
  })

  it('narrowing a code’s domains or requiring an e-mail applies to its existing sessions', async () => {
    const code = await seedCode(t.db, 'compass', 'compass-sessions-1')
    const open = `compass-access=${await issueTestGrant(t.app, { retailer: 'compass', codeId: code, issuedAt: clock.now() })}`
    const named = (email: string) =>
      issueTestGrant(t.app, { retailer: 'compass', codeId: code, issuedAt: clock.now(), email }).then(
        (value) => `compass-access=${value}`,
      )
    const inside = await named('ana@compass.example')
    const outside = await named('ana@gmail.example')
    expect(await retailers(open)).toEqual(['compass'])

    const actor = { label: 'test' }
    await setCodeEmailRule(t.db.prisma, actor, code, {
      requireEmail: true,
      allowDomains: ['compass.example'],
    })
    clock.advance(SESSION_CUTOFF_MS)
    expect(await retailers(open)).toEqual([])
    expect(await retailers(outside)).toEqual([])
    expect(await retailers(inside)).toEqual(['compass'])
  })
})
