// The console's roles and what each may do: one table, read by the server (which enforces it on
// every action) and by the pages (which show only the controls a role may use).

export const ADMIN_ROLES = ['owner', 'editor', 'reader'] as const
export type AdminRole = (typeof ADMIN_ROLES)[number]

/**
 * What an action needs. read: every page and export (and one's own passkeys); edit: partners,
 * codes, documents, agreements, viewers, applications, messages and notifications; admins: the
 * console's own people.
 */
export type Permission = 'read' | 'edit' | 'admins'

const GRANTS: Record<AdminRole, readonly Permission[]> = {
  reader: ['read'],
  editor: ['read', 'edit'],
  owner: ['read', 'edit', 'admins'],
}

export const isAdminRole = (value: string): value is AdminRole =>
  (ADMIN_ROLES as readonly string[]).includes(value)

export const may = (role: AdminRole, permission: Permission): boolean => GRANTS[role].includes(permission)

/** The 403 message for a role without the right: what the role may do, and what is missing. */
export function refusal(role: AdminRole, permission: Permission): string {
  const needed = permission === 'admins' ? 'an owner' : 'an editor or an owner'
  // Only a reader is refused an edit; an editor is refused the console's people alone.
  const mayDo = role === 'reader' ? 'may only look' : 'may not change who runs the console'
  return `Your role (${role}) ${mayDo}. This needs ${needed}.`
}
