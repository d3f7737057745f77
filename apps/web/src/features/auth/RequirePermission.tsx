import type { Permission } from '@portal/contract/permissions';
import type { ReactNode } from 'react';
import { hasPermission, useSession } from './session.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';

/**
 * Shows a screen only to users whose stored permissions grant `permission`; anyone else gets the
 * Access denied page. The server enforces the same flag on every call the screen makes.
 */
export function RequirePermission({
  permission,
  children,
}: {
  permission: Permission;
  children: ReactNode;
}) {
  // Re-read when the session changes (a sign-in in this page).
  useSession((state) => state.userId);
  return hasPermission(permission) ? children : <AccessDenied />;
}
