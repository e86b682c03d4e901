import { type GateError, MAX_RETRY_SECONDS } from '../../lib/access.ts'

// The gate's notices, worded as the spec's error catalogue (section 8) has them.
export interface Notice {
  kind: GateError
  title: string
  description?: string
}

export function noticeFor(kind: GateError, retryAfterSeconds?: number): Notice {
  switch (kind) {
    case 'empty':
      return { kind, title: 'Please enter your access code' }
    case 'invalid':
      return { kind, title: 'Invalid access code', description: 'Please check your code and try again' }
    case 'rate_limited':
      return { kind, title: 'Too many attempts', description: retryText(retryAfterSeconds) }
    case 'busy':
      // Many codes are being checked at once (the server's ceiling on that work is full).
      return { kind, title: 'The gate is busy', description: retryText(retryAfterSeconds) }
    case 'email':
      return {
        kind,
        title: 'Please enter a valid e-mail address',
        description: 'For example name@company.com',
      }
    case 'expired':
      return {
        kind,
        title: 'Your code check has expired',
        description: 'Please enter your access code again to get a new link.',
      }
    case 'error':
      return {
        kind,
        title: 'Error verifying access code',
        description: 'Please try again or contact support',
      }
  }
}

function retryText(seconds: number | undefined): string {
  // The server's limits reset within a minute; anything odd (e.g. an edited URL) gets the plain advice.
  if (!seconds || !Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_RETRY_SECONDS) {
    return 'Please wait a minute, then try again.'
  }
  if (seconds < 90) return `Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`
  return `Please try again in ${Math.ceil(seconds / 60)} minutes.`
}
