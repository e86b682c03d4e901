// The console's admins: the rules `rm5 admins` and the console's admins page share (one service).
// An address is kept lowercase; the last owner cannot be removed, so the console never locks
// everyone out of its own admins page.

import { type AdminRole, isAdminRole } from '../../lib/admin/roles.ts'
import { EMAIL_MAX, emailAddress } from '../../lib/forms/fields.ts'
import { type Actor, recordAudit } from '../audit/audit.server.ts'
import type { PrismaClient } from '../db/database.server.ts'

/** A refused request, in words an admin can act on (the CLI prints it, the console shows it). */
export class AdminError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message)
    this.name = 'AdminError'
  }
}

export const adminEmail = emailAddress({
  notText: 'Enter an e-mail address such as ops@example.com.',
  tooLong: `An e-mail address has at most ${EMAIL_MAX} characters.`,
  invalid: 'Enter an e-mail address such as ops@example.com.',
})

export interface AdminRow {
  id: string
  email: string
  role: AdminRole
  createdAt: Date
  passkeys: number
}

export function parseAdminEmail(value: string): string {
  const parsed = adminEmail.safeParse(value)
  if (!parsed.success) throw new AdminError(parsed.error.issues[0]?.message ?? 'Invalid e-mail address.')
  return parsed.data
}

export async function addAdmin(
  prisma: PrismaClient,
  actor: Actor,
  input: { email: string; role: string },
): Promise<AdminRow> {
  const email = parseAdminEmail(input.email)
  if (!isAdminRole(input.role)) throw new AdminError('The role is owner, editor or reader.')
  const existing = await prisma.admin.findUnique({ where: { email } })
  if (existing)
    throw new AdminError(
      `${email} is already an admin (${existing.role}): change their role with \`rm5 admins set\` or on the Admins page.`,
      409,
    )
  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.admin.create({ data: { email, role: input.role } })
    await recordAudit(tx, actor, { action: 'admin.add', target: email, details: { role: input.role } })
    return created
  })
  return { ...row, role: input.role, passkeys: 0 }
}

export async function listAdmins(prisma: PrismaClient): Promise<AdminRow[]> {
  const rows = await prisma.admin.findMany({
    orderBy: { email: 'asc' },
    include: { _count: { select: { passkeys: true } } },
  })
  return rows.map(({ _count, ...row }) => ({
    ...row,
    role: isAdminRole(row.role) ? row.role : 'reader',
    passkeys: _count.passkeys,
  }))
}

export async function findAdmin(prisma: PrismaClient, email: string) {
  const parsed = adminEmail.safeParse(email)
  if (!parsed.success) return null
  return prisma.admin.findUnique({ where: { email: parsed.data } })
}

/**
 * Gives an admin another role (`rm5 admins set --role`, the console's admins page). The last
 * owner keeps theirs, as with removing. Their sessions stay: the role is read on every request.
 */
export async function setAdminRole(
  prisma: PrismaClient,
  actor: Actor,
  input: { email: string; role: string },
): Promise<{ email: string; role: AdminRole; changed: boolean }> {
  const email = parseAdminEmail(input.email)
  const role = input.role
  if (!isAdminRole(role)) throw new AdminError('The role is owner, editor or reader.')
  return prisma.$transaction(async (tx) => {
    const admin = await tx.admin.findUnique({ where: { email } })
    if (!admin) throw new AdminError(`${email} is not an admin.`, 404)
    if (admin.role === role) return { email, role, changed: false }
    if (admin.role === 'owner' && (await tx.admin.count({ where: { role: 'owner' } })) === 1) {
      throw new AdminError(`${email} is the last owner: make another admin an owner first.`, 409)
    }
    await tx.admin.update({ where: { id: admin.id }, data: { role } })
    await recordAudit(tx, actor, {
      action: 'admin.role',
      target: email,
      details: { from: admin.role, to: role },
    })
    return { email, role, changed: true }
  })
}

/** Removes an admin with their sessions, links and passkeys; the audit log keeps their address. */
export async function removeAdmin(prisma: PrismaClient, actor: Actor, emailInput: string): Promise<void> {
  const email = parseAdminEmail(emailInput)
  await prisma.$transaction(async (tx) => {
    const admin = await tx.admin.findUnique({ where: { email } })
    if (!admin) throw new AdminError(`${email} is not an admin.`, 404)
    if (admin.role === 'owner' && (await tx.admin.count({ where: { role: 'owner' } })) === 1) {
      throw new AdminError(`${email} is the last owner: add another owner first.`, 409)
    }
    await tx.admin.delete({ where: { id: admin.id } })
    await recordAudit(tx, actor, { action: 'admin.remove', target: email, details: { role: admin.role } })
  })
}
