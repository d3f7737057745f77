import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/**
 * A store's own choice of a setting, or "As the company" (`inherit`): the select shows the value
 * and answers the option chosen.
 */
export function InheritSelect<V extends string>(props: {
  label: string;
  value: V | 'inherit';
  /** the store's own choices: value and label */
  options: readonly (readonly [V, string])[];
  onChange: (value: V | 'inherit') => void;
  disabled?: boolean;
  size?: 'small' | 'medium';
  minWidth?: number;
}) {
  return (
    <TextField
      select
      size={props.size ?? 'medium'}
      label={props.label}
      value={props.value}
      onChange={(event) =>
        props.onChange(
          props.options.find(([value]) => value === event.target.value)?.[0] ?? 'inherit',
        )
      }
      disabled={props.disabled ?? false}
      sx={{ minWidth: props.minWidth }}
    >
      <MenuItem value="inherit">As the company</MenuItem>
      {props.options.map(([value, label]) => (
        <MenuItem key={value} value={value}>
          {label}
        </MenuItem>
      ))}
    </TextField>
  );
}
