import { publicPages } from '../../lib/content/pages'
import { formPageTitle } from '../../lib/forms/error-title'

export default formPageTitle(publicPages.contact.title)
