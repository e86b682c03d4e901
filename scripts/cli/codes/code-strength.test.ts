import { describe, expect, it } from 'vitest'
import { generateCode } from '../../../server/access/generate-code.server.ts'
import { codeStrength } from './code-strength.ts'

describe('codeStrength', () => {
  it.each([
    ['short', 'Kx7#pQ2m'],
    ['12 characters of one class', 'qwmzvtrplkhd'],
    ['a common password dressed up', 'Password1234!'],
    ['a keyboard walk', 'Qwerty123456!'],
    ['a repeated pattern', 'Ab1!Ab1!Ab1!Ab1!'],
  ])('refuses %s', (_what, code) => {
    expect(codeStrength(code).ok).toBe(false)
  })

  it.each([
    ['12 random characters from 3 classes', 'q7Vm2xKp9wRt'],
    ['a long passphrase of lowercase words', 'orbit lantern quietly mosaic harbor'],
    ['a generated code', generateCode()],
  ])('accepts %s', (_what, code) => {
    expect(codeStrength(code).ok).toBe(true)
  })

  it('reports the estimate and the classes it counted', () => {
    const strength = codeStrength('q7Vm2xKp9wRt')
    expect(strength.classes).toBe(3)
    expect(strength.bits).toBeGreaterThan(30)
  })
})
