// A storage logger that prints nothing, for tests and test helpers that open storage themselves.
import type { StorageLog } from '../../server/storage/storage-log.server.ts'

export const quietStorageLog: StorageLog = { debug() {}, info() {}, warn() {}, error() {} }
