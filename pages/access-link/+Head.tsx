import { NoIndex } from '../../components/seo/NoIndex.tsx'

// Private page: noindex. The link's token is in this page's URL: no referrer takes it to another
// site ("same-origin", not "no-referrer", which would make the button's post send `Origin: null`
// and the cross-site check refuse it).
export default function Head() {
  return (
    <>
      <NoIndex />
      <meta name="referrer" content="same-origin" />
    </>
  )
}
