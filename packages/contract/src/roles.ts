/** The seven built-in roles and their access levels (DESIGN.md "Tenancy and access"). */
export const roleAccessLevels = {
  super_admin: 4,
  master_agent: 4,
  sub_agent_admin: 3,
  sub_agent_employee: 2,
  warehouse_account: 2,
  call_center_agent: 2,
  base_user: 1,
} as const;
export type RoleKey = keyof typeof roleAccessLevels;
export const roleKeys = Object.keys(roleAccessLevels) as RoleKey[];
export const SETTINGS_ACCESS_LEVEL = 4;
export const isRoleKey = (value: string): value is RoleKey => value in roleAccessLevels;
