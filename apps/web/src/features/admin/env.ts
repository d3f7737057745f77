import type { ResourceEnv } from '../../platform/resources/ui.ts';
import { hasPermission } from '../auth/session.ts';

/** The admin screens ask the stored session what it may do (the server checks every call). */
export const adminEnv: ResourceEnv = { can: hasPermission };
