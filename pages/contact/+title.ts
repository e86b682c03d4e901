import { publicPages } from '../../lib/content/pages.ts'
import { formPageTitle } from '../../lib/forms/error-title.ts'

export default formPageTitle(publicPages.contact.title)
