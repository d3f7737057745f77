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

/** Words a permission key spells in short (SPEC.md gives no labels for permissions). */
const permissionWords: Readonly<Record<string, string>> = {
  hr: 'HR',
  b2b: 'B2B',
  oneview: 'OneView',
  clockin: 'clock-in',
  timeoff: 'time off',
  lotus: 'Lotus',
};
const permissionVerbs: Readonly<Record<string, string>> = {
  read: 'View',
  write: 'Manage',
  can: 'Can',
  is: '',
};

/**
 * A permission as a person reads it: `read_stores` -> `View stores`, `write_hr_clockin_web` ->
 * `Manage HR clock-in web`, `is_clockin_pop_up_required` -> `Clock-in pop up required`.
 */
export function permissionLabel(key: string): string {
  const [verb = '', ...rest] = key.split('_').filter(Boolean);
  const known = permissionVerbs[verb];
  const words = [
    ...(known === undefined ? [verb] : known ? [known] : []),
    ...rest.map((word) => permissionWords[word] ?? word),
  ].join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const permissionOptionsOf = (keys: readonly string[]): Option[] =>
  optionsOf(keys, permissionLabel);
