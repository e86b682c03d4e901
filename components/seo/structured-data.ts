import { absoluteUrl, brand } from '../../lib/brand.ts'
import type { PublicPageMeta } from '../../lib/content/pages.ts'
import { cargoSpecs, type SpecFact, vehicleDimensionsMm, vehicleSpecs } from '../../lib/content/vehicle.ts'
import { socialImageUrl } from './social-image.ts'

// schema.org objects for the page heads. One @graph per page; nodes refer to each other by @id so
// the Organization is described once (https://developers.google.com/search/docs/appearance/structured-data).
const organizationId = absoluteUrl('/#organization')
const websiteId = absoluteUrl('/#website')

export function organization() {
  return {
    '@type': 'Organization',
    '@id': organizationId,
    name: brand.company,
    url: absoluteUrl('/'),
    logo: absoluteUrl('/favicon.svg'),
    email: brand.email,
    telephone: brand.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: brand.address.street,
      addressLocality: brand.address.city,
      addressRegion: brand.address.region,
      postalCode: brand.address.postalCode,
      addressCountry: 'US',
    },
    foundingDate: '2018',
  }
}

export function website() {
  return {
    '@type': 'WebSite',
    '@id': websiteId,
    url: absoluteUrl('/'),
    name: brand.product,
    publisher: { '@id': organizationId },
  }
}

function property(fact: SpecFact) {
  return fact.quantity
    ? {
        '@type': 'PropertyValue',
        name: fact.label,
        value: fact.quantity.value,
        unitCode: fact.quantity.unitCode,
        description: fact.value,
      }
    : { '@type': 'PropertyValue', name: fact.label, value: fact.value }
}

const millimetres = (value: number) => ({ '@type': 'QuantitativeValue', value, unitCode: 'MMT' })

/** The vehicle as a Product, with every fact of docs/original-behaviour.md §3. */
export function product(meta: PublicPageMeta) {
  return {
    '@type': 'Product',
    '@id': absoluteUrl('/#product'),
    name: brand.product,
    description: meta.description,
    category: 'Autonomous delivery vehicle',
    image: socialImageUrl(meta.hero),
    url: absoluteUrl(meta.path),
    brand: { '@type': 'Brand', name: brand.product },
    manufacturer: { '@id': organizationId },
    weight: {
      '@type': 'QuantitativeValue',
      value: 1000,
      unitCode: 'KGM',
      description: '2,205 lbs curb weight',
    },
    depth: millimetres(vehicleDimensionsMm.length),
    width: millimetres(vehicleDimensionsMm.width),
    height: millimetres(vehicleDimensionsMm.height),
    additionalProperty: [...vehicleSpecs, ...cargoSpecs].map(property),
  }
}

export function webPage(meta: PublicPageMeta, title: string, description: string) {
  const url = absoluteUrl(meta.path)
  return {
    '@type': 'WebPage',
    '@id': `${url}#webpage`,
    url,
    name: title,
    description,
    inLanguage: 'en-US',
    isPartOf: { '@id': websiteId },
    about: { '@id': organizationId },
    primaryImageOfPage: { '@type': 'ImageObject', url: socialImageUrl(meta.hero) },
    breadcrumb: { '@id': `${url}#breadcrumb` },
  }
}

export function breadcrumbs(meta: PublicPageMeta) {
  const url = absoluteUrl(meta.path)
  return {
    '@type': 'BreadcrumbList',
    '@id': `${url}#breadcrumb`,
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: absoluteUrl('/') },
      { '@type': 'ListItem', position: 2, name: meta.name, item: url },
    ],
  }
}

/** Everything a public page declares: Organization always, Product on home, WebPage elsewhere. */
export function pageGraph(meta: PublicPageMeta | undefined, title: string, description: string) {
  const nodes: object[] = [organization(), website()]
  if (meta?.path === '/') nodes.push(product(meta))
  else if (meta) nodes.push(webPage(meta, title, description), breadcrumbs(meta))
  return { '@context': 'https://schema.org', '@graph': nodes }
}
