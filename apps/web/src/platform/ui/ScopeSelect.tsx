import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { scopeLevels, type ScopeLevel, type ScopeOptions } from '@portal/contract/oneview';

/** A scope as a select holds it: `company:`, `region:3`, `district:2`, `store:7`. */
export const scopeKey = (level: ScopeLevel, id: number | null): string => `${level}:${id ?? ''}`;

/** The scope a select's value names, or null (another choice, such as "My default scope"). */
export function parseScopeKey(value: string): { level: ScopeLevel; id: number | null } | null {
  const [level = '', id = ''] = value.split(':');
  const known = scopeLevels.find((candidate) => candidate === level);
  if (!known) return null;
  if (known === 'company') return { level: known, id: null };
  const number = Number(id);
  return Number.isInteger(number) && number > 0 ? { level: known, id: number } : null;
}

const levelNames = { region: 'Region', district: 'District', store: 'Store' } as const;

/**
 * The one select of a company, region, district or store the user may see (OneView's scope bar,
 * the chart builder, the daily snapshot), from GET scope options: the levels asked for, each
 * choice named with its level ("District: Border"), after any `leading` choices of the screen.
 */
export function ScopeSelect({
  label,
  value,
  onChange,
  options,
  levels = scopeLevels,
  leading = [],
  size,
  sx,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ScopeOptions | undefined;
  levels?: readonly ScopeLevel[];
  leading?: readonly { value: string; label: string }[];
  size?: TextFieldProps['size'];
  sx?: TextFieldProps['sx'];
}) {
  const named = (
    level: Exclude<ScopeLevel, 'company'>,
    rows: readonly { id: number; name: string }[],
  ) =>
    levels.includes(level)
      ? rows.map((row) => (
          <MenuItem key={scopeKey(level, row.id)} value={scopeKey(level, row.id)}>
            {levelNames[level]}: {row.name}
          </MenuItem>
        ))
      : [];
  return (
    <TextField
      select
      label={label}
      size={size}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
    >
      {leading.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
      {options?.company && levels.includes('company') && (
        <MenuItem value={scopeKey('company', null)}>Whole company</MenuItem>
      )}
      {named('region', options?.regions ?? [])}
      {named('district', options?.districts ?? [])}
      {named('store', options?.stores ?? [])}
    </TextField>
  );
}
