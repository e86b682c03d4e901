import { createRequire } from 'node:module'
import type { FastifyServerOptions } from 'fastify'
import type { Env } from './env.server.ts'

// Request fields are whitelisted: headers (cookies, authorization) and bodies (access codes,
// personal data) never reach a log line.
const serializers = {
  req(request: { method: string; url: string; id: string }) {
    return { method: request.method, url: redactUrl(request.url), id: request.id }
  },
  res(reply: { statusCode: number }) {
    return { statusCode: reply.statusCode }
  },
}

/** Query strings may carry tokens; keep the path only. */
function redactUrl(url: string): string {
  const q = url.indexOf('?')
  return q === -1 ? url : `${url.slice(0, q)}?…`
}

/** pino-pretty is a devDependency: a production install (the image) has none, and logs JSON. */
function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty')
    return true
  } catch {
    return false
  }
}

export function loggerOptions(env: Pick<Env, 'NODE_ENV' | 'LOG_LEVEL'>): FastifyServerOptions['logger'] {
  const pretty = process.stdout.isTTY && env.NODE_ENV !== 'production' && prettyInstalled()
  return {
    level: env.NODE_ENV === 'test' && env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL,
    serializers,
    redact: {
      // Not `*.code`: that is err.code (ECONNREFUSED, P1001), which operators need. Submitted
      // access codes are `accessCode`, and request bodies never reach a log line anyway.
      paths: ['*.accessCode', '*.password', '*.cookie', '*.authorization'],
      censor: '[redacted]',
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  }
}
