import { HomeHead } from '../../components/home/HomeHead'
import { NoIndex } from '../../components/seo/NoIndex'

// Private page: noindex (robots.txt also disallows it, see lib/seo/crawler-files.ts).
export default function Head() {
  return (
    <>
      <NoIndex />
      <HomeHead />
    </>
  )
}
