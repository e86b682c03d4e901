// `vi.waitFor` gives up after 1 s by default: too short for work a test waits on that runs in the
// background (zlib's threads compressing a page, a prune at start, a hash queued behind another)
// on a loaded machine. This bound only says "it never happened"; how fast it happens is the
// bench's to measure.
export const BACKGROUND_WORK = { timeout: 20_000, interval: 50 } as const
