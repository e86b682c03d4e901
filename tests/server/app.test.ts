import { describe, expect, it } from 'vitest'
import { testAppForFile } from '../helpers/app.ts'
import { apiError } from '../helpers/promised.ts'

const t = testAppForFile({})

describe('error shape', () => {
  it('answers unknown API routes with the JSON error shape', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nope', payload: {} })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual(apiError('not_found', 'No route for POST /api/nope'))
  })

  it('hides internal errors behind a generic 500 and passes 4xx messages through', async () => {
    const { buildApp } = await import('../../server/app.server.ts')
    const { HttpError } = await import('../../server/http/errors.server.ts')
    const app = await buildApp({ env: t.env, db: t.db, storage: t.storage, logger: false })
    app.get('/boom', async () => {
      throw new Error('secret internal detail: password=hunter2')
    })
    app.get('/teapot', async () => {
      throw new HttpError(418, 'teapot', 'I am a teapot')
    })
    await app.ready()
    const boom = await app.inject({ method: 'GET', url: '/boom' })
    expect(boom.statusCode).toBe(500)
    expect(boom.json().error.code).toBe('internal_error')
    expect(boom.body).not.toMatch(/hunter2|secret internal/)
    const teapot = await app.inject({ method: 'GET', url: '/teapot' })
    expect(teapot.statusCode).toBe(418)
    expect(teapot.json()).toEqual(apiError('teapot', 'I am a teapot'))
    await app.close()
  })
})
