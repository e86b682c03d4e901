import { SiteHead } from '../components/seo/SiteHead'

// Global <head> additions, server-only and shared by every page (vike-react's +Head is
// cumulative: a page's own +Head, such as a noindex, is added to these).
export default function Head() {
  return (
    <>
      <meta name="theme-color" content="#0b0d10" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <SiteHead />
    </>
  )
}
