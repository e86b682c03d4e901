// One raw HTTP answer through curl: the bytes as they came over the wire (curl decodes a body
// only when asked to with --compressed), its status and its headers.
import { spawnSync } from 'node:child_process'

export interface RawAnswer {
  status: number
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>
  body: Buffer
}

export function curlRaw(
  url: string,
  acceptEncoding: string | undefined,
  requestHeaders: Record<string, string> = {},
): RawAnswer {
  const result = spawnSync(
    'curl',
    [
      '-sS',
      '-o',
      '-',
      '-w',
      '%{stderr}%{http_code} %{header_json}',
      ...(acceptEncoding ? ['-H', `Accept-Encoding: ${acceptEncoding}`] : []),
      ...Object.entries(requestHeaders).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
      url,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  )
  if (result.error) throw result.error
  const written = result.stderr.toString()
  const space = written.indexOf(' ')
  const json = JSON.parse(written.slice(space + 1)) as Record<string, string[]>
  const headers = Object.fromEntries(Object.entries(json).map(([name, values]) => [name, values.join(', ')]))
  return { status: Number(written.slice(0, space)), headers, body: result.stdout }
}
