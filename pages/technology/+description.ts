import { publicPages } from '../../lib/content/pages.ts'

export default publicPages.technology.description
