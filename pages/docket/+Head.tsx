import { HomeHead } from '../../components/home/HomeHead.tsx'
import { NoIndex } from '../../components/seo/NoIndex.tsx'

// Private page: noindex (robots.txt also disallows it, see lib/seo/crawler-files.ts).
export default function Head() {
  return (
    <>
      <NoIndex />
      <HomeHead />
    </>
  )
}
