import { APPLY_RECEIVED_PATH } from '../../lib/routes.ts'

export default APPLY_RECEIVED_PATH
