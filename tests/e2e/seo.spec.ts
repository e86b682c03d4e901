import { expect, test } from '@playwright/test'
import { absoluteUrl } from '../../lib/brand.ts'
import { publicPages } from '../../lib/content/pages.ts'
import { privatePaths, publicPaths } from '../../lib/routes.ts'
import { seededGates } from '../helpers/partners.ts'

// Page heads, structured data, sitemap.xml and robots.txt, read from the raw server HTML (what a
// crawler or a link preview sees), never from the hydrated DOM.

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta[^>]*${attribute}="${key.replace(/:/g, '\\:')}"[^>]*>`))?.[0]
  const content = tag?.match(/content="([^"]*)"/)?.[1]
  return content === undefined ? undefined : decode(content)
}

function jsonLdBlocks(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1] ?? ''),
  )
}

function graphTypes(html: string): string[] {
  return jsonLdBlocks(html).flatMap((block) =>
    ((block['@graph'] as Array<{ '@type': string }>) ?? []).map((node) => node['@type']),
  )
}

for (const meta of Object.values(publicPages)) {
  test(`${meta.path} has its full head in the server HTML`, async ({ request }) => {
    const response = await request.get(meta.path)
    expect(response.status()).toBe(200)
    const html = await response.text()

    const title = decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '')
    expect(title.length).toBeGreaterThan(5)
    const description = metaContent(html, 'name', 'description') ?? ''
    expect(description.length).toBeGreaterThan(50)
    expect(description.length).toBeLessThanOrEqual(180)
    expect(html).toContain(`<link rel="canonical" href="${absoluteUrl(meta.path)}"/>`)
    expect(html).toMatch(/<html lang="en"/)

    expect(metaContent(html, 'property', 'og:title')).toBe(title)
    expect(metaContent(html, 'property', 'og:description')).toBe(description)
    expect(metaContent(html, 'property', 'og:url')).toBe(absoluteUrl(meta.path))
    const image = metaContent(html, 'property', 'og:image') ?? ''
    expect(image).toBe(absoluteUrl(`/media/Heros/${meta.hero}.jpg`))
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image')
    expect(metaContent(html, 'name', 'twitter:image')).toBe(image)

    // The social image really exists (fetched from this server whatever SITE_URL says).
    const imageResponse = await request.get(new URL(image).pathname)
    expect(imageResponse.status()).toBe(200)
    expect(imageResponse.headers()['content-type']).toMatch(/^image\/jpeg/)

    const types = graphTypes(html)
    expect(types).toContain('Organization')
    if (meta.path === '/') {
      expect(types).toContain('Product')
    } else {
      expect(types).toEqual(expect.arrayContaining(['WebPage', 'BreadcrumbList']))
    }
    expect(html).not.toMatch(/<meta name="robots" content="noindex/)
  })
}

test('home declares the vehicle facts as a Product', async ({ request }) => {
  const html = await (await request.get('/')).text()
  const graph = jsonLdBlocks(html).flatMap((block) => block['@graph'] as Array<Record<string, unknown>>)
  const product = graph.find((node) => node['@type'] === 'Product') as Record<string, unknown>
  expect(product.name).toBe('RM5')
  const properties = (product.additionalProperty as Array<{ name: string }>).map((property) => property.name)
  for (const name of [
    'Automation level',
    'Top speed',
    'Max range',
    'Curb weight',
    'Lockers',
    'Payload',
    'Per locker',
    'Locker size',
    'Climate',
    'Access',
  ]) {
    expect(properties).toContain(name)
  }
  expect(product.height).toEqual({ '@type': 'QuantitativeValue', value: 2100, unitCode: 'MMT' })
})

test('breadcrumbs lead from home to the page', async ({ request }) => {
  const html = await (await request.get('/technology')).text()
  const graph = jsonLdBlocks(html).flatMap((block) => block['@graph'] as Array<Record<string, unknown>>)
  const breadcrumbs = graph.find((node) => node['@type'] === 'BreadcrumbList') as {
    itemListElement: Array<{ name: string; item: string }>
  }
  expect(breadcrumbs.itemListElement.map((item) => [item.name, item.item])).toEqual([
    ['Home', absoluteUrl('/')],
    ['Technology', absoluteUrl('/technology')],
  ])
})

test('page copy is in the initial HTML', async ({ request }) => {
  const expectations: Record<string, string[]> = {
    '/': ['Vehicle Specs', 'Cargo Specs', 'Why RM5', 'Polar Parlor Creamery', '5M+'],
    '/technology': [
      'Retailer Integration',
      'Autonomous Drop-offs',
      'How It Works',
      'Overview',
      'Safety is the first feature',
    ],
    '/experience': ['Customer Orders', 'Customer Pickup'],
    '/company': ['Founding', '2025+', 'Northgate Ventures'],
    '/careers': ['RM5ians', 'Safety without exception', 'Detroit, MI'],
    '/contact': ['Glendale', '+1 (818) 555-0150'],
    '/terms': ['at least 18 years old', 'up to 24 hours', 'up to 5 business days', 'viruses'],
    '/privacy': ['Last updated August 24, 2025', 'Children under 13', 'California privacy rights'],
  }
  for (const [path, needles] of Object.entries(expectations)) {
    const html = await (await request.get(path)).text()
    for (const needle of needles) expect(html.includes(needle), `${path} contains “${needle}”`).toBe(true)
  }
})

test('JSON-LD is escaped so no string can end the script element', async ({ request }) => {
  for (const path of ['/', '/terms']) {
    const html = await (await request.get(path)).text()
    for (const match of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
      expect(match[1]).not.toMatch(/[<>]/)
    }
  }
})

test('private pages are noindex and carry no canonical', async ({ request }) => {
  for (const retailer of seededGates) {
    const html = await (await request.get(`/${retailer}`)).text()
    expect(html, retailer).toMatch(/<meta name="robots" content="noindex/)
    expect(html, retailer).not.toContain('rel="canonical"')
  }
  // The pages after a stored post thank whoever opens them.
  for (const path of ['/apply/received', '/contact/sent']) {
    expect(await (await request.get(path)).text(), path).toMatch(/<meta name="robots" content="noindex/)
  }
  const notFound = await request.get('/no-such-page')
  expect(notFound.status()).toBe(404)
  expect(await notFound.text()).toMatch(/<meta name="robots" content="noindex/)
})

test('sitemap.xml lists exactly the public pages with absolute addresses', async ({ request }) => {
  const response = await request.get('/sitemap.xml')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/xml/)
  const xml = await response.text()
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/)
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
  expect(locs).toEqual(publicPaths.map((path) => absoluteUrl(path)))
  for (const path of privatePaths) expect(locs).not.toContain(absoluteUrl(path))
})

test('robots.txt disallows the docket, names no partner and names the sitemap', async ({ request }) => {
  const response = await request.get('/robots.txt')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/^text\/plain/)
  const lines = (await response.text()).split('\n')
  expect(lines).toContain('User-agent: *')
  expect(lines).toContain('Disallow: /docket')
  // robots.txt is public: listing the gates would publish who the partners are.
  for (const partner of ['circlek', 'pizzahut', 'walmart', 'compass', 'partner', 'investor'])
    expect(lines.join('\n')).not.toContain(partner)
  for (const path of publicPaths.filter((path) => path !== '/'))
    expect(lines).not.toContain(`Disallow: ${path}`)
  expect(lines).toContain(`Sitemap: ${absoluteUrl('/sitemap.xml')}`)
})
