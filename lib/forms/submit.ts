// The browser side of an enhanced form submission: POST the form's own fields, encoded exactly as
// the browser would post them without JavaScript (hidden idempotency key included), asking for a
// JSON answer, and turn every outcome (stored, refused with field errors, server or network
// failure) into one result type.
export type SubmitResult =
  | { ok: true; id: string }
  | {
      ok: false
      /** HTTP status, or 0 when no answer arrived (offline, aborted, timed out). */
      status: number
      code: string
      message: string
      fields?: Record<string, string>
    }

/** Long enough for a slow mobile connection, short enough that a hung request does not trap the form. */
export const SUBMIT_TIMEOUT_MS = 20_000

export async function submitForm(form: HTMLFormElement): Promise<SubmitResult> {
  let response: Response
  try {
    response = await fetch(form.action, {
      method: 'POST',
      headers: { accept: 'application/json' },
      // URLSearchParams sends it as application/x-www-form-urlencoded, as the HTML form would.
      body: new URLSearchParams(new FormData(form) as unknown as string[][]),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
    })
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    return {
      ok: false,
      status: 0,
      code: timedOut ? 'timeout' : 'network_error',
      message: timedOut
        ? 'The server took too long to answer.'
        : 'We could not reach the server. Check your connection.',
    }
  }
  const payload = await response.json().catch(() => null)
  if (response.ok && typeof payload?.id === 'string') return { ok: true, id: payload.id }
  const error = payload?.error
  return {
    ok: false,
    status: response.status,
    // A proxy's HTML error page has no JSON body: keep the status as the code.
    code: typeof error?.code === 'string' ? error.code : `http_${response.status}`,
    message: typeof error?.message === 'string' ? error.message : 'The server could not store this.',
    fields: error?.fields && typeof error.fields === 'object' ? error.fields : undefined,
  }
}
