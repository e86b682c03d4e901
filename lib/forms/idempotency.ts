// Idempotency keys for form submissions (docs/architecture.md: Forms): the server stores a
// submission once per key. API clients send it in the Idempotency-Key header; the HTML form
// carries it in a hidden field (a form post cannot set a header), and when the field is empty the
// server makes one from the client and the answers (server/forms/submission-route.server.ts).
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'

/** The hidden field of an HTML form that carries the key. */
export const IDEMPOTENCY_FIELD = 'idempotencyKey'

/** What the server accepts: a UUID fits, and so does any similar opaque token. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/
