import { describe, expect, it } from 'vitest'
import { pendingCodeId, pendingSetCookie, signPending } from './email-pending-cookie.server.ts'

const key = Buffer.alloc(32, 7)
const other = Buffer.alloc(32, 9)
const codeId = '0788dd3b-9459-4ef8-a41e-4c8e5e56e5ab'
const at = new Date('2026-06-01T09:00:00Z')
const later = (ms: number) => new Date(at.getTime() + ms)

describe('the pending cookie', () => {
  const value = signPending([key], 'circlek', codeId, at)
  const header = `circlek-pending=${value}`

  it('names its code for 15 minutes, under the current or a previous key', () => {
    expect(value).not.toContain('circlek')
    expect(pendingCodeId([key], 'circlek', header, at)).toBe(codeId)
    expect(pendingCodeId([key], 'circlek', header, later(15 * 60_000 - 1000))).toBe(codeId)
    expect(pendingCodeId([key], 'circlek', header, later(15 * 60_000))).toBeNull()
    expect(pendingCodeId([other, key], 'circlek', header, at)).toBe(codeId)
  })

  it('is nothing under another key, for another gate, altered, or from the future', () => {
    expect(pendingCodeId([other], 'circlek', header, at)).toBeNull()
    expect(pendingCodeId([key], 'pizzahut', `pizzahut-pending=${value}`, at)).toBeNull()
    const otherCode = value.replace(codeId, '1788dd3b-9459-4ef8-a41e-4c8e5e56e5ab')
    expect(pendingCodeId([key], 'circlek', `circlek-pending=${otherCode}`, at)).toBeNull()
    expect(pendingCodeId([key], 'circlek', `circlek-pending=${value}x`, at)).toBeNull()
    expect(pendingCodeId([key], 'circlek', header, later(-10 * 60_000))).toBeNull()
    expect(pendingCodeId([key], 'circlek', undefined, at)).toBeNull()
  })

  it('finds the valid one among several sent under its name', () => {
    expect(pendingCodeId([key], 'circlek', `circlek-pending=junk; ${header}`, at)).toBe(codeId)
  })

  it('is scoped to the e-mail step, HttpOnly and SameSite=Strict', () => {
    expect(pendingSetCookie('circlek', value, true)).toBe(
      `circlek-pending=${value}; Max-Age=900; Path=/api/access/email; HttpOnly; Secure; SameSite=Strict`,
    )
  })
})
