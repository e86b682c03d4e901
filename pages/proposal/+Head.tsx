import { NoIndex } from '../../components/seo/NoIndex.tsx'
// Linked, not inline: the page has query variants, each a render of its own (`?close=confirm`,
// renderer/+Head.tsx, decision 020).
import '../../renderer/site.css'

// Private page: noindex (robots.txt also disallows it, see lib/seo/crawler-files.ts).
export default NoIndex
