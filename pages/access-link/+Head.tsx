import { NoIndex } from '../../components/seo/NoIndex.tsx'

// Private page: noindex. The link's token is in this page's URL: no referrer leaves it.
export default function Head() {
  return (
    <>
      <NoIndex />
      <meta name="referrer" content="no-referrer" />
    </>
  )
}
