// Classifies database errors for API routes: a lost or unreachable Postgres becomes a 503 with a
// message written for visitors (never the driver's text, which names hosts and ports); a unique
// constraint violation is reported so callers can treat it as "already stored".
import { HttpError } from '../http/errors.server.ts'
import { Prisma } from './generated/client.ts'

export const DATABASE_UNAVAILABLE_MESSAGE = 'We could not save that right now. Please try again in a moment.'

export function databaseUnavailable(): HttpError {
  return new HttpError(503, 'database_unavailable', DATABASE_UNAVAILABLE_MESSAGE)
}

// https://www.prisma.io/docs/orm/reference/error-reference: can't reach, timed out, database
// missing, access denied, connection closed, pool timeout, too many connections.
const UNAVAILABLE_PRISMA_CODES = new Set([
  'P1000',
  'P1001',
  'P1002',
  'P1003',
  'P1008',
  'P1010',
  'P1011',
  'P1017',
  'P2024',
  'P2037',
])

// Node socket errors and Postgres SQLSTATEs of class 08 (connection exception), 53300 (too many
// connections), 57P01-03 (server shutting down or starting) and 57014 (statement timeout).
const UNAVAILABLE_CAUSE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '57014',
])

// What Prisma's driver adapter says of a raw query that could not run (P2010 carries no P1xxx
// code of its own): `meta.driverAdapterError.cause.kind`.
const UNAVAILABLE_ADAPTER_KINDS = new Set([
  'DatabaseNotReachable',
  'DatabaseDoesNotExist',
  'DatabaseAccessDenied',
  'AuthenticationFailed',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
  'TlsConnectionError',
])
const adapterKindOf = (error: InstanceType<typeof Prisma.PrismaClientKnownRequestError>): unknown =>
  (error.meta as { driverAdapterError?: { cause?: { kind?: unknown } } } | undefined)?.driverAdapterError
    ?.cause?.kind

// Errors the pg pool raises without a code.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|^timeout expired$|Query read timeout|Client has encountered a connection error|Connection ended/i

/** True when `error` (or one of its causes) means Postgres could not be reached or dropped us. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof Prisma.PrismaClientInitializationError) return true
    if (
      current instanceof Prisma.PrismaClientKnownRequestError &&
      (UNAVAILABLE_PRISMA_CODES.has(current.code) ||
        UNAVAILABLE_ADAPTER_KINDS.has(String(adapterKindOf(current))))
    ) {
      return true
    }
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown }
    if (typeof code === 'string' && (UNAVAILABLE_CAUSE_CODES.has(code) || code.startsWith('08'))) return true
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true
    current = cause
  }
  return false
}

/** Prisma's P2002: the row would duplicate a unique column (for us, an idempotency key). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
}

/**
 * A write that met another request's change: the row it updates or deletes is gone (P2025), or
 * the row it adds was added meanwhile (P2002).
 */
export function isWriteConflict(error: unknown): boolean {
  return (
    error instanceof Prisma.PrismaClientKnownRequestError &&
    (error.code === 'P2025' || error.code === 'P2002')
  )
}
