// The migration that names the console's read-only role "reader" ("viewer" names a data-room
// person only, docs/architecture.md "Words"): an admin stored as viewer becomes a reader, the other
// roles stay, and the audit log keeps the words it recorded.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type Database, openDatabase, type PrismaClient } from '../../server/db/database.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'

const MIGRATION = join(
  import.meta.dirname,
  '../../prisma/migrations/20261129201500_admin_role_reader/migration.sql',
)

let testDb: TestDatabase
let database: Database
let prisma: PrismaClient

beforeAll(async () => {
  testDb = await createTestDatabase()
  database = await openDatabase(testDb.env, silentLogger)
  prisma = database.prisma
})
afterAll(async () => {
  await database?.close()
  await testDb?.drop()
})

it('makes every viewer admin a reader and leaves the rest as it was', async () => {
  await prisma.admin.createMany({
    data: [
      { email: 'look@example.com', role: 'viewer' },
      { email: 'also-look@example.com', role: 'viewer' },
      { email: 'edit@example.com', role: 'editor' },
      { email: 'own@example.com', role: 'owner' },
    ],
  })
  const history = await prisma.auditEntry.create({
    data: {
      actor: 'cli@ops',
      action: 'admin.role',
      target: 'look@example.com',
      details: { from: 'editor', to: 'viewer' },
    },
  })

  await prisma.$executeRawUnsafe(await readFile(MIGRATION, 'utf8'))

  const admins = await prisma.admin.findMany({
    orderBy: { email: 'asc' },
    select: { email: true, role: true },
  })
  expect(admins).toEqual([
    { email: 'also-look@example.com', role: 'reader' },
    { email: 'edit@example.com', role: 'editor' },
    { email: 'look@example.com', role: 'reader' },
    { email: 'own@example.com', role: 'owner' },
  ])
  expect(await prisma.auditEntry.findUniqueOrThrow({ where: { id: history.id } })).toEqual(history)
})
