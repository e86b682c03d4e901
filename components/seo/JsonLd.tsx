import { serializeJsonLd } from './serialize-json-ld.ts'

/** A structured-data block. It is data, not script, so a CSP without 'unsafe-inline' allows it. */
export function JsonLd({ data }: { data: object }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes every character that could end the element
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
}
