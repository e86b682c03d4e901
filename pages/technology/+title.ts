import { publicPages } from '../../lib/content/pages'

export default publicPages.technology.title
