import { usePageContext } from 'vike-react/usePageContext'
import { absoluteUrl, brand } from '../../lib/brand.ts'
import { type PublicPageMeta, publicPages } from '../../lib/content/pages.ts'
import { headText } from './head-text.ts'
import { JsonLd } from './JsonLd.tsx'
import { socialImageUrl } from './social-image.ts'
import { pageGraph } from './structured-data.ts'

const byPath = new Map<string, PublicPageMeta>(Object.values(publicPages).map((meta) => [meta.path, meta]))

/**
 * Canonical address, social card and structured data of the current page, in the server HTML.
 * vike-react already writes <title>, og:title, description and og:description from +title and
 * +description; this adds the rest. Only public pages get a canonical address and a card: gates,
 * docket, proposal and error pages are noindex and keep just the Organization.
 */
export function SiteHead() {
  const pageContext = usePageContext()
  const isError =
    pageContext.is404 || pageContext.abortStatusCode !== undefined || Boolean(pageContext.errorWhileRendering)
  const meta = isError ? undefined : byPath.get(pageContext.urlPathname)
  const title = headText(pageContext, 'title') ?? meta?.title ?? brand.product
  const description = headText(pageContext, 'description') ?? meta?.description ?? ''
  const graph = pageGraph(meta, title, description)
  if (!meta) return <JsonLd data={graph} />
  const image = socialImageUrl(meta.hero)
  const imageAlt = `${brand.product}, the autonomous mobile store — ${meta.name}`
  return (
    <>
      <link rel="canonical" href={absoluteUrl(meta.path)} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={brand.product} />
      <meta property="og:locale" content="en_US" />
      <meta property="og:url" content={absoluteUrl(meta.path)} />
      <meta property="og:image" content={image} />
      <meta property="og:image:alt" content={imageAlt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={imageAlt} />
      <JsonLd data={graph} />
    </>
  )
}
