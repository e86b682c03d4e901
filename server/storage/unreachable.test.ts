import { describe, expect, it } from 'vitest'
import { S3Error } from './s3-client.server.ts'
import { StorageTimeoutError } from './storage.server.ts'
import { isStorageUnreachable, storageErrorLine } from './unreachable.server.ts'

const withCode = <E extends Error>(error: E, code: string) => Object.assign(error, { code })

describe('isStorageUnreachable', () => {
  it.each([
    ['a refused connection', withCode(new Error('connect ECONNREFUSED 127.0.0.1:9000'), 'ECONNREFUSED')],
    ['an unknown host', withCode(new Error('getaddrinfo ENOTFOUND minio'), 'ENOTFOUND')],
    ['no answer in time', new StorageTimeoutError('storage ping timed out after 2000 ms')],
    [
      'every address of a host refused',
      new AggregateError([withCode(new Error('connect ECONNREFUSED ::1:9000'), 'ECONNREFUSED')]),
    ],
    ['a busy server (503)', new S3Error('Please reduce your request rate.', 'SlowDown', 503)],
    ['a 5xx without a body', new S3Error('', '', 502)],
  ])('%s: waited out', (_, error) => {
    expect(isStorageUnreachable(error)).toBe(true)
  })

  it.each([
    ['wrong keys', new S3Error('Valid and authorized credentials required', 'AccessDenied', 403)],
    ['a missing object', new S3Error('Not Found', 'NotFound', 404)],
    ['a programming error', new TypeError('x is not a function')],
  ])('%s: not an outage', (_, error) => {
    expect(isStorageUnreachable(error)).toBe(false)
  })
})

describe('storageErrorLine', () => {
  it('names the code once, with the message', () => {
    expect(storageErrorLine(withCode(new Error('connect ECONNREFUSED 127.0.0.1:1'), 'ECONNREFUSED'))).toBe(
      'connect ECONNREFUSED 127.0.0.1:1',
    )
    expect(storageErrorLine(new S3Error('Please reduce your request rate.', 'SlowDown', 503))).toBe(
      'SlowDown: Please reduce your request rate.',
    )
    expect(storageErrorLine(new S3Error('', '', 502))).toBe('no answer')
  })
})
