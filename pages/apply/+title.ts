import { formPageTitle } from '../../lib/forms/error-title.ts'

export default formPageTitle('Retailer Access — RM5')
