// A file upload to the console (multipart/form-data, posted by a plain form or by the script's XHR
// for its progress bar), read as it arrives: the session's CSRF token must be the first field, so
// nothing of a forged post's file is read; the file streams to a private temporary file and stops
// being written at the size limit (busboy discards the rest), so memory holds a chunk at a time
// whatever is sent. The caller reads the file back (within the limit) and must dispose() it.
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from '../../http/errors.server.ts'
import { CSRF_REFUSAL } from './csrf.server.ts'

export interface UploadedFile {
  /** Where the bytes are, until dispose(). */
  path: string
  /** The name the browser gave (uncleaned: the documents service cleans it). */
  fileName: string
  /** The file was larger than the limit: only its first `limit` bytes were written. */
  truncated: boolean
}

export interface Upload {
  /** Each field as sent; a name sent more than once (ticked boxes) holds its values in order. */
  fields: Record<string, string | string[]>
  file?: UploadedFile
  dispose(): Promise<void>
}

/** Room for a form's fields and a box per code of a partner (the upload's audience), each small. */
const FIELD_LIMITS = { fields: 256, fieldSize: 4096, files: 1, parts: 258, headerPairs: 100 }

/** Registers the multipart parser in a scope holding upload routes only. */
export async function registerUploads(scope: FastifyInstance, maxFileBytes: number): Promise<void> {
  await scope.register(multipart, {
    limits: { ...FIELD_LIMITS, fileSize: maxFileBytes },
    // A file over the limit is reported (truncated) and refused with the documents service's own
    // sentence, not with the plugin's generic error.
    throwFileSizeLimit: false,
  })
}

export async function receiveUpload(
  request: FastifyRequest,
  tokenMatches: (token: string) => boolean,
): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(403, 'csrf', CSRF_REFUSAL)
  const dir = await mkdtemp(join(tmpdir(), 'rm5-upload-'))
  const upload: Upload = { fields: {}, dispose: () => rm(dir, { recursive: true, force: true }) }
  try {
    let first = true
    for await (const part of request.parts()) {
      if (
        first &&
        !(part.type === 'field' && part.fieldname === '_csrf' && tokenMatches(String(part.value)))
      ) {
        throw new HttpError(403, 'csrf', CSRF_REFUSAL)
      }
      first = false
      if (part.type === 'field') {
        const earlier = upload.fields[part.fieldname]
        const value = String(part.value)
        upload.fields[part.fieldname] = earlier === undefined ? value : [earlier, value].flat()
        continue
      }
      // A form submitted without a chosen file still sends an empty part with no name.
      if (!part.filename) {
        part.file.resume()
        continue
      }
      const path = join(dir, 'file')
      await pipeline(part.file, createWriteStream(path, { flags: 'wx', mode: 0o600 }))
      upload.file = { path, fileName: part.filename, truncated: part.file.truncated }
    }
    if (first) throw new HttpError(403, 'csrf', CSRF_REFUSAL)
    return upload
  } catch (error) {
    await upload.dispose()
    throw error
  }
}
