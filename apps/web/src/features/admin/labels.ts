import { roleKeys } from '@portal/contract/roles';
import type { Option } from '../../platform/resources/ui.ts';

/** `sub_agent_admin` -> `Sub Agent Admin`. */
export const humanize = (key: string): string =>
  key
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

export const optionsOf = (values: readonly string[], label = humanize): Option[] =>
  values.map((value) => ({ value, label: label(value) }));

export const baseRoleOptions = optionsOf(roleKeys);
