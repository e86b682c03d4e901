// `rm5 codes` for CLI tests: run in this process (fast; the binary's code path, output captured)
// against a private database that the environment names, as the real CLI reads it.
import { afterAll, beforeAll } from 'vitest'
import { addCode } from '../../scripts/cli/codes/commands.ts'
import type { PrismaClient } from '../../server/db/database.server.ts'
import { createTestDatabase, type TestDatabase } from './database.ts'
import { type EnvValues, setEnvironment } from './environment.ts'
import { rm5Here } from './rm5-here.ts'
import type { CliRun } from './run-cli.ts'

/** `rm5 codes <args>` in this process (with `env` over the environment), with what it wrote to either output. */
export const codesHere = (args: string[], env?: EnvValues): Promise<CliRun> =>
  rm5Here(['codes', ...args], env)

/** A real code for `retailer`, created as `rm5 codes generate <retailer> --json` creates one: its text. */
export async function generatedCode(prisma: PrismaClient, retailer: string): Promise<string> {
  const printed: string[] = []
  await addCode(
    prisma,
    { print: (line = '') => printed.push(line), now: () => new Date() },
    { retailer, replace: false, json: true },
  )
  return JSON.parse(printed[0] as string).code
}

/**
 * A private database for a test file, named by DATABASE_URL and DATA_DIR while its tests run (the
 * in-process CLI reads the environment) and both restored after them. The object is filled in
 * before the first test: use it in tests and hooks only.
 */
export function cliDatabaseForFile(): TestDatabase {
  const testDb = {} as TestDatabase
  let previous: EnvValues = {}
  beforeAll(async () => {
    Object.assign(testDb, await createTestDatabase())
    previous = setEnvironment({ DATABASE_URL: testDb.url, DATA_DIR: testDb.env.DATA_DIR })
  })
  afterAll(async () => {
    setEnvironment(previous)
    await testDb.drop?.()
  })
  return testDb
}
