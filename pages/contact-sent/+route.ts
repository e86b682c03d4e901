import { CONTACT_SENT_PATH } from '../../lib/routes.ts'

export default CONTACT_SENT_PATH
