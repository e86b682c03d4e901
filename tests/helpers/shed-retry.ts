// The app answers what its database pool cannot take in time with a retryable 503
// (`database_unavailable`), and a client sends the request again with the same Idempotency-Key.
// Tests of many submissions at once retry so: they assert what is stored and answered, not how
// much a loaded machine takes in time (the bench's to measure).

/** A fetch-style (`status`) or an inject-style (`statusCode`) answer with its body read. */
export type Answer = { body: string } & ({ status: number } | { statusCode: number })

/** Whether the app shed this request for a busy database (retryable with the same key). */
export function shed(answer: Answer): boolean {
  const status = 'statusCode' in answer ? answer.statusCode : answer.status
  return status === 503 && answer.body.includes('"database_unavailable"')
}

/** `send()` again, one try after another, while the app sheds it; the first other answer. */
export async function sentUntilTaken<A extends Answer>(send: () => Promise<A>): Promise<A> {
  let answer = await send()
  while (shed(answer)) answer = await send()
  return answer
}
