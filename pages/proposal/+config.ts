import type { Config } from 'vike/types'

export default { prerender: false } satisfies Config
