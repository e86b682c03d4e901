import { NoIndex } from '../../components/seo/NoIndex'

// Private page: noindex (robots.txt also disallows it, see lib/seo/crawlerFiles.ts).
export default NoIndex
