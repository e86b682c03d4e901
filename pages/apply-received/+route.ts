import { APPLY_RECEIVED_PATH } from '../../lib/routes'

export default APPLY_RECEIVED_PATH
