import { CONTACT_SENT_PATH } from '../../lib/routes'

export default CONTACT_SENT_PATH
