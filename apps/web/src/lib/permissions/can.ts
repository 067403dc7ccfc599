import { hasAnyPermission } from '@qlcv/common/permissions';
import { authState, usePermissions } from '../auth/auth-store';

/** Seed §6: passes when the user holds any of the wanted keys; no keys wanted passes. */
export function can(wanted: readonly string[] | undefined): boolean {
  return hasAnyPermission(authState.get().permissions, wanted);
}

/** React hook form of `can`. */
export function useCan(wanted: readonly string[] | undefined): boolean {
  return hasAnyPermission(usePermissions(), wanted);
}
