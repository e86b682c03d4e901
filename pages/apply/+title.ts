import { formPageTitle } from '../../lib/forms/error-title'

export default formPageTitle('Retailer Access — RM5')
