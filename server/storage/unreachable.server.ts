// Whether a storage failure means "storage is not there right now" (the network, a timeout, a
// server that answers it is busy or broken) rather than a refusal (credentials, permissions) or a
// missing object. The first is waited out: the site serves without storage and tries again; the
// second is a configuration to fix.
import { S3Error } from './s3-client.server.ts'
import { StorageTimeoutError } from './storage.server.ts'

/** Node's and undici's codes for a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
])

/**
 * S3 answers of a server that is there but cannot serve: minio names a 503 `SlowDown`, and a 5xx
 * without an XML body (a proxy's 502 in front of a stopped server) has no code at all.
 */
const SERVER_TROUBLE_CODES = new Set([
  '',
  'InternalError',
  'ServiceUnavailable',
  'SlowDown',
  'RequestTimeout',
  'XMinioServerNotInitialized',
])

export function isStorageUnreachable(error: unknown): boolean {
  if (error instanceof StorageTimeoutError) return true
  // Several addresses tried for one host name: each failed on its own.
  if (error instanceof AggregateError) return error.errors.some(isStorageUnreachable)
  const code = (error as { code?: unknown } | null)?.code
  if (error instanceof S3Error) return SERVER_TROUBLE_CODES.has(typeof code === 'string' ? code : '')
  return typeof code === 'string' && NETWORK_CODES.has(code)
}

/** One line for a log or the CLI: the error's code and message, nothing of the request it was for. */
export function storageErrorLine(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return storageErrorLine(error.errors[0])
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : String(error)
  if (typeof code === 'string' && code && !message.includes(code)) return `${code}: ${message}`
  return message || (typeof code === 'string' && code) || 'no answer'
}
