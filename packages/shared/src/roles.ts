export const roles = ['admin', 'issuer', 'investor'] as const;
export type Role = (typeof roles)[number];

/** Roles travel upper-case in API answers (INVESTOR, ADMIN, ISSUER) and compare case-insensitively. */
export function normalizeRole(value: string): Role | undefined {
  const lower = value.trim().toLowerCase();
  return (roles as readonly string[]).includes(lower) ? (lower as Role) : undefined;
}

export function displayRole(role: Role): Uppercase<Role> {
  return role.toUpperCase() as Uppercase<Role>;
}
