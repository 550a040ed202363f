import { isSystemRoleName, type SystemRoleName } from '@ipos/contracts';

const systemRoleLabels: Record<SystemRoleName, string> = {
  IPOS_ADMIN: 'Administrator',
  IPOS_MANAGER_USER: 'Manager',
  IPOS_BASIC: 'Basic user',
};

/** Plain words for a role; a custom role is shown by its own name. */
export function roleLabel(roleName: string): string {
  return isSystemRoleName(roleName) ? systemRoleLabels[roleName] : roleName;
}
