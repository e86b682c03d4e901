// Before the server and nginx are compared on a page, curl asks both for it with the headers the
// bench will send: they must answer the same encoding and the same bytes, or the ratio would
// compare different work. Whether the server's bytes are still the build's files is shown too:
// it renders its pages again when it starts (decision 013).
import { existsSync, readFileSync } from 'node:fs'
import { curlRaw } from './curl'
import { variantFile } from './nginx-root'
import { pageFile } from './pages'

/** Prints one row per page and encoding, and a warning for any page where the two differ. */
export function checkSameBytes(
  serverUrl: string,
  nginxUrl: string,
  pages: readonly string[],
  acceptEncodings: readonly (string | undefined)[],
): void {
  const rows: Record<string, unknown>[] = []
  let allSame = true
  for (const acceptEncoding of acceptEncodings)
    for (const page of pages) {
      const server = curlRaw(`${serverUrl}${page}`, acceptEncoding)
      const nginx = curlRaw(`${nginxUrl}${page}`, acceptEncoding)
      const encoding = (answer: typeof server) => answer.headers['content-encoding'] ?? 'identity'
      const same =
        server.status === 200 &&
        nginx.status === 200 &&
        encoding(server) === encoding(nginx) &&
        server.headers['content-type'] === nginx.headers['content-type'] &&
        server.headers.vary === nginx.headers.vary &&
        server.body.equals(nginx.body)
      allSame &&= same
      const built = variantFile(pageFile(page), encoding(server))
      const asBuilt = existsSync(built) && readFileSync(built).equals(server.body)
      rows.push({
        page,
        'Accept-Encoding': acceptEncoding ?? '(none)',
        'server encoding / bytes': `${encoding(server)} / ${server.body.length}`,
        'nginx encoding / bytes': `${encoding(nginx)} / ${nginx.body.length}`,
        'nginx type; vary': `${nginx.headers['content-type']}; ${nginx.headers.vary}`,
        'same answer': same ? 'yes' : 'NO',
        'server = dist/client': asBuilt ? 'yes' : 'no',
      })
    }
  console.table(rows)
  if (!allSame)
    console.log('WARNING: the server and nginx do not answer the same bytes on every page (rows marked NO)')
}
