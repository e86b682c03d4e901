import { LINK_PAGE_PATH } from '../../lib/access.ts'

export default LINK_PAGE_PATH
