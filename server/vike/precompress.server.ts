// The brotli and gzip variants of a body, made once and off the event loop (zlib's thread pool):
// at build for the built files (scripts/run/build/compress.ts), and when a page's render is first
// kept (page-cache.server.ts). No request ever waits for a compressor.
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** Smaller bodies are not worth a Content-Encoding. */
export const MIN_COMPRESS_BYTES = 256

export async function compressedVariants(body: Buffer): Promise<{ br: Buffer; gzip: Buffer } | undefined> {
  if (body.length < MIN_COMPRESS_BYTES) return undefined
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gz(body, { level: 9 }),
  ])
  return { br, gzip: gzipped }
}
