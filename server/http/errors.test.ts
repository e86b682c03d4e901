import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { describeError, GENERIC_5XX_MESSAGE, HttpError, validationError } from './errors.server.ts'

describe('describeError', () => {
  it('passes 4xx HttpError messages and fields through', () => {
    const { status, body } = describeError(
      new HttpError(409, 'conflict', 'Already there', { email: 'Taken' }),
    )
    expect(status).toBe(409)
    expect(body).toEqual({
      error: { code: 'conflict', message: 'Already there', fields: { email: 'Taken' } },
    })
  })

  it('hides internal messages of unexpected errors', () => {
    const { status, body } = describeError(new Error('connect ECONNREFUSED 10.0.0.1:5432'))
    expect(status).toBe(500)
    expect(body.error.message).toBe(GENERIC_5XX_MESSAGE)
    expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED/)
  })

  it('maps Fastify body errors to clear codes', () => {
    const tooLarge = Object.assign(new Error('x'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 })
    expect(describeError(tooLarge)).toMatchObject({
      status: 413,
      body: { error: { code: 'payload_too_large' } },
    })
    const badType = Object.assign(new Error('x'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 })
    expect(describeError(badType)).toMatchObject({
      status: 415,
      body: { error: { code: 'unsupported_media_type' } },
    })
  })

  it('turns a zod error into field messages', () => {
    const schema = z.object({ email: z.email(), age: z.number().min(18) })
    const result = schema.safeParse({ email: 'nope', age: 3 })
    if (result.success) throw new Error('expected failure')
    const { status, body } = describeError(validationError(result.error))
    expect(status).toBe(400)
    expect(Object.keys(body.error.fields ?? {}).sort()).toEqual(['age', 'email'])
  })
})
