import { useEffect, useState } from 'react'
import { listingProblem, type TurntableListing, unexpectedError } from '../../../lib/turntable/messages.ts'

export type TurntableImages =
  | { status: 'loading' }
  | { status: 'error'; reason: string }
  | { status: 'ready'; bucket: string; urls: string[] }

export const TURNTABLE_API = '/api/turntable'

async function fetchListing(signal: AbortSignal): Promise<TurntableListing> {
  const response = await fetch(TURNTABLE_API, { signal, headers: { accept: 'application/json' } })
  const body = (await response.json().catch(() => undefined)) as
    | (TurntableListing & { error?: { message?: string } })
    | undefined
  if (!response.ok || !body || !Array.isArray(body.images)) {
    throw new Error(body?.error?.message ?? `The image list could not be loaded (HTTP ${response.status})`)
  }
  return body
}

/**
 * The turntable's frames, asked of the server on mount: the page is pre-rendered, and frames may be
 * uploaded at any time after the build. Until the answer comes, the loading state (which is what
 * the pre-rendered HTML shows) stays.
 */
export function useTurntableImages(): TurntableImages {
  const [state, setState] = useState<TurntableImages>({ status: 'loading' })
  useEffect(() => {
    const controller = new AbortController()
    fetchListing(controller.signal).then(
      (listing) => {
        const problem = listingProblem(listing)
        if (problem) {
          console.error(`360° viewer: ${problem}`, listing)
          setState({ status: 'error', reason: problem })
        } else {
          setState({ status: 'ready', bucket: listing.bucket ?? '', urls: listing.images.map((i) => i.url) })
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        console.error('360° viewer: loading the images failed', error)
        setState({ status: 'error', reason: unexpectedError(error) })
      },
    )
    return () => controller.abort()
  }, [])
  return state
}
