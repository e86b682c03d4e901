import { NoIndex } from '../../components/seo/NoIndex.tsx'

// Private page: noindex (robots.txt also disallows it, see lib/seo/crawler-files.ts).
export default NoIndex
