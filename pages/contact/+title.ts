import { publicPages } from '../../lib/content/pages'

export default publicPages.contact.title
