// Prisma's schema engine compiled to WebAssembly (docs/architecture.md: Migrations): the native engine binary is a
// separate download that air-gapped servers cannot fetch. The package's main entry imports the
// .wasm as an ES module, which Node cannot do, so we instantiate it ourselves and hand the
// exports to the wasm-bindgen glue. The glue keeps module-level state: load once per process.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { PrismaPg } from '@prisma/adapter-pg'
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils'
import * as glue from '@prisma/schema-engine-wasm/schema_engine_bg'
import pg from 'pg'
import type { DbLogger } from './logger.server.ts'

export type SchemaEngine = glue.SchemaEngine
export type SchemaFile = { path: string; content: string }

/** Entities Prisma must leave alone; we have none (see prisma.config.ts `tables.external`). */
export const noFilters = { externalTables: [], externalEnums: [] }

let loading: Promise<void> | undefined

function loadWasm(): Promise<void> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url)
    const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')
    const bytes = await readFile(gluePath.replace(/\.js$/, '.wasm'))
    const { instance } = await WebAssembly.instantiate(bytes, {
      './schema_engine_bg.js': glue as unknown as WebAssembly.ModuleImports,
    })
    glue.__wbg_set_wasm(instance.exports)
    ;(instance.exports as { __wbindgen_start(): void }).__wbindgen_start()
  })()
  // A failed load (e.g. a corrupt install) may be retried by the next caller.
  loading.catch(() => {
    loading = undefined
  })
  return loading
}

// The engine reports through a callback with JSON lines; keep them at debug level except
// warnings and errors, which an admin should see.
function engineLogger(log: DbLogger) {
  return (line: string) => {
    let entry: { level?: string; fields?: { message?: string } } = {}
    try {
      entry = JSON.parse(line)
    } catch {
      log.debug({ engine: line }, 'schema engine')
      return
    }
    const msg = `schema engine: ${entry.fields?.message ?? line}`
    if (entry.level === 'ERROR') log.error({ engine: entry.fields }, msg)
    else if (entry.level === 'WARN') log.warn({ engine: entry.fields }, msg)
    else log.debug({ engine: entry.fields }, msg)
  }
}

/**
 * Runs `fn` with a schema engine connected to `databaseUrl`, then frees the engine and closes
 * its connections. No statement timeout here: a migration may legitimately run for minutes.
 */
export async function withSchemaEngine<T>(
  databaseUrl: string,
  log: DbLogger,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, connectionTimeoutMillis: 5000 })
  pool.on('error', (err) => log.warn({ err }, 'migration connection failed'))
  try {
    return await withAdapter(new PrismaPg(pool), log, fn)
  } finally {
    await pool.end()
  }
}

async function withAdapter<T>(
  factory: SqlMigrationAwareDriverAdapterFactory,
  log: DbLogger,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  await loadWasm()
  const engine = await glue.SchemaEngine.new(
    { datamodels: undefined },
    engineLogger(log),
    bindMigrationAwareSqlAdapterFactory(factory),
  )
  try {
    return await fn(engine)
  } finally {
    engine.free()
  }
}

// The WASM engine insists on a driver adapter even for a schema-to-schema diff, and on
// connecting it asks only for the server version. Answering that one probe lets `db new` and
// the CI drift check run with no database at all. Any other query means a caller asked for
// something that needs a real database, so it fails loudly.
const VERSION_PROBE = /^SELECT EXISTS\(SELECT 1 FROM pg_namespace/
const offlineAdapter: SqlDriverAdapter = {
  provider: 'postgres',
  adapterName: '@prisma/adapter-pg',
  async queryRaw(query) {
    if (!VERSION_PROBE.test(query.sql)) throw new Error(`offline schema engine cannot run: ${query.sql}`)
    // ColumnTypeEnum: Boolean = 5, Text = 7, Int32 = 0.
    return {
      columnNames: ['exists', 'version', 'numeric_version'],
      columnTypes: [5, 7, 0],
      rows: [[true, 'PostgreSQL 17.0 (offline diff)', 170000]],
    }
  },
  executeRaw: () => Promise.reject(new Error('offline schema engine cannot execute SQL')),
  executeScript: () => Promise.reject(new Error('offline schema engine cannot execute SQL')),
  startTransaction: () => Promise.reject(new Error('offline schema engine cannot open a transaction')),
  dispose: async () => {},
}
const offlineFactory: SqlMigrationAwareDriverAdapterFactory = {
  provider: 'postgres',
  adapterName: '@prisma/adapter-pg',
  connect: async () => offlineAdapter,
  connectToShadowDb: async () => offlineAdapter,
}

/**
 * The SQL that takes a database from schema `from` (null = empty database) to schema `to`,
 * exactly as `prisma migrate diff --script` prints it; '' when there is nothing to do.
 */
export async function diffSchemas(
  from: SchemaFile[] | null,
  to: SchemaFile[],
  log: DbLogger,
): Promise<string> {
  return withAdapter(offlineFactory, log, async (engine) => {
    const result = await engine.diff({
      from: from ? { tag: 'schemaDatamodel', files: from } : { tag: 'empty' },
      to: { tag: 'schemaDatamodel', files: to },
      script: true,
      exitCode: null,
      filters: noFilters,
    })
    return isEmptyScript(result.stdout ?? '') ? '' : (result.stdout ?? '')
  })
}

// An empty diff comes back as a comment-only script ("-- This is an empty migration.").
function isEmptyScript(script: string): boolean {
  return script
    .split('\n')
    .map((line) => line.trim())
    .every((line) => line === '' || line.startsWith('--'))
}
