// The brotli and gzip variants of a text body, made once (at build for built assets, at start
// for the pages rendered with this deployment's configuration) so no request compresses.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** Smaller bodies are not worth a Content-Encoding. */
export const MIN_COMPRESS_BYTES = 256

export function compressedVariants(body: Buffer): { br: Buffer; gzip: Buffer } | undefined {
  if (body.length < MIN_COMPRESS_BYTES) return undefined
  return {
    br: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzip: gzipSync(body, { level: 9 }),
  }
}
