// Idempotency keys for form submissions (docs/architecture.md: Forms): the form sends one per submission
// attempt in the Idempotency-Key header, and the server stores a submission once per key.

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'

/** What the server accepts: a UUID fits, and so does any similar opaque token. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/

/** A random v4 UUID. */
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // randomUUID exists only in secure contexts (HTTPS, localhost); a self-hosted site opened over
  // plain HTTP on a LAN address still has getRandomValues, so build the UUID by hand there.
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * Chooses the key for each attempt. Pressing submit again after a failure with the same values
 * is a retry of the same submission: it reuses the key, so if the first request did reach the
 * database (and only its answer was lost) the server answers with that row instead of storing a
 * second one. Any change to the values makes it a different submission with a fresh key (the
 * server would otherwise answer with the earlier row and drop the edit). A success ends the
 * submission: the next one, even with identical values, is new.
 */
export class SubmissionKeys {
  private pending: { fingerprint: string; key: string } | undefined

  constructor(private readonly generate: () => string = newIdempotencyKey) {}

  /** `values` are the parsed (normalised) values, so formatting-only edits still count as a retry. */
  keyFor(values: unknown): string {
    const fingerprint = JSON.stringify(values)
    if (this.pending?.fingerprint !== fingerprint) this.pending = { fingerprint, key: this.generate() }
    return this.pending.key
  }

  succeeded(): void {
    this.pending = undefined
  }
}

/** The hidden field of an HTML form that carries the key (a form post cannot set a header). */
export const IDEMPOTENCY_FIELD = 'idempotencyKey'
