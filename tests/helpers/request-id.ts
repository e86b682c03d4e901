// An answer's body with its own request id (X-Request-Id, which error pages and bodies show)
// replaced, for tests that compare two answers byte for byte: each request has an id of its own.
export function withoutRequestId(res: { body: string; headers: Record<string, unknown> }): string {
  const id = res.headers['x-request-id']
  return typeof id === 'string' && id ? res.body.replaceAll(id, '<request-id>') : res.body
}
