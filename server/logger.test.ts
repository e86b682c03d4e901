// The logger's redaction, through a real pino logger with the production options: an error's
// `code` reaches the log for operators, while secrets under the redacted keys never do.
import { Writable } from 'node:stream'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.server.ts'
import { loggerOptions } from './logger.server.ts'

function capture() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  // Production: plain JSON lines (no pino-pretty transport), as a deployment writes them.
  const env = parseEnv({ NODE_ENV: 'production', LOG_LEVEL: 'info' })
  const log = pino(loggerOptions(env) as pino.LoggerOptions, stream)
  return { log, lines }
}

describe('loggerOptions redaction', () => {
  it('keeps err.code in an error line', () => {
    const { log, lines } = capture()
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    log.error({ err: refused }, 'request failed')
    const prisma = Object.assign(new Error("Can't reach database server"), { code: 'P1001' })
    log.warn({ err: prisma, dependency: 'database' }, 'health check failed')

    expect(lines).toHaveLength(2)
    expect(lines[0]?.err).toMatchObject({
      type: 'Error',
      message: 'connect ECONNREFUSED 127.0.0.1:5432',
      code: 'ECONNREFUSED',
    })
    expect(lines[1]?.err).toMatchObject({ code: 'P1001' })
  })

  it('still redacts access codes, cookies, authorization and passwords', () => {
    const { log, lines } = capture()
    const secrets = {
      accessCode: 'circle-k-secret-code-1',
      cookie: 'circlek-access=signed.grant.value',
      authorization: 'Bearer bearer-token-value',
      password: 'hunter2-password-value',
    }
    log.warn({ body: { retailer: 'circlek', accessCode: secrets.accessCode } }, 'verify body')
    log.warn({ headers: { cookie: secrets.cookie, authorization: secrets.authorization } }, 'headers')
    log.error(
      { err: Object.assign(new Error('login failed'), { code: 'E_LOGIN', password: secrets.password }) },
      'login error',
    )

    expect(lines).toHaveLength(3)
    expect(lines[0]?.body).toEqual({ retailer: 'circlek', accessCode: '[redacted]' })
    expect(lines[1]?.headers).toEqual({ cookie: '[redacted]', authorization: '[redacted]' })
    // In one error line: the password is hidden, the code beside it is not.
    expect(lines[2]?.err).toMatchObject({ code: 'E_LOGIN', password: '[redacted]' })
    const all = JSON.stringify(lines)
    for (const [name, value] of Object.entries(secrets)) {
      expect(all.includes(value), `${name} appears in the log`).toBe(false)
    }
  })
})
