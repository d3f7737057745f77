import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useWatch, type Control, type FieldErrors, type UseFormSetValue } from 'react-hook-form';
import { isRecord } from '../is-record.ts';
import { fieldRenderers } from './fields.tsx';
import { emptyFieldValue, type FormValues } from './form-values.ts';
import type { LinesUi } from './ui.ts';

/** A new line's values: each field's empty value. */
export function emptyLine(lines: LinesUi): FormValues {
  return Object.fromEntries(lines.fields.map((field) => [field.name, emptyFieldValue[field.kind]]));
}

/** A saved line as the form holds it: its id (kept, so the server updates it) and its fields. */
export function lineFormValues(lines: LinesUi, row: Readonly<Record<string, unknown>>): FormValues {
  const values: FormValues = { id: row.id };
  for (const field of lines.fields) {
    const value = row[field.name];
    values[field.name] =
      value === null || value === undefined
        ? emptyFieldValue[field.kind]
        : field.kind === 'number' && typeof value === 'number'
          ? String(value)
          : value;
  }
  return values;
}

const errorText = (errors: FieldErrors<FormValues>): string | undefined => {
  const lines = errors.lines;
  if (!lines) return undefined;
  if (typeof lines.message === 'string' && lines.message) return lines.message;
  const root = 'root' in lines ? lines.root : undefined;
  return root && typeof root === 'object' && 'message' in root && typeof root.message === 'string'
    ? root.message
    : undefined;
};

/**
 * The lines of a document in its form (the declaration's `lines`): one row of fields per line
 * (e.g. a product searched by name and a quantity), Add line and Remove. Prices and totals come
 * from the server after saving.
 */
export function LinesEditor({
  lines,
  label,
  control,
  setValue,
  errors,
  saved,
  disabled,
}: {
  lines: LinesUi;
  label: { one: string; many: string };
  control: Control<FormValues>;
  setValue: UseFormSetValue<FormValues>;
  errors: FieldErrors<FormValues>;
  /** The saved lines (editing), whose names show before any search. */
  saved: readonly Readonly<Record<string, unknown>>[];
  disabled: boolean;
}) {
  const watched: unknown = useWatch({ control, name: 'lines' });
  const current = Array.isArray(watched) ? watched.filter(isRecord) : [];
  // Stable keys for the drawn lines, so removing one keeps the others' inputs.
  const [keys, setKeys] = useState<number[]>(() => current.map((_line, index) => index));
  const keyOf = (index: number) =>
    keys.length === current.length ? (keys[index] ?? index) : `line-${index}`;
  const change = (next: FormValues[]) =>
    setValue('lines', next, { shouldDirty: true, shouldValidate: false });
  const problem = errorText(errors);
  return (
    <Box component="section" aria-label={label.many} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="h6" component="h2">
        {label.many}
      </Typography>
      {problem && <Alert severity="error">{problem}</Alert>}
      {current.map((values, index) => {
        const row = saved.find((line) => line.id === values.id);
        return (
          <Paper
            key={keyOf(index)}
            variant="outlined"
            role="group"
            aria-label={`${label.one} ${index + 1}`}
            sx={{
              p: 1.5,
              display: 'grid',
              gap: 1.5,
              alignItems: 'start',
              gridTemplateColumns: { xs: '1fr', sm: `repeat(${lines.fields.length}, 1fr) auto` },
            }}
          >
            {lines.fields.map((spec) => {
              const Render = fieldRenderers[spec.kind];
              return (
                <Render
                  key={spec.name}
                  spec={{ ...spec, name: `lines.${index}.${spec.name}` }}
                  control={control}
                  options={spec.options ?? []}
                  required
                  disabled={disabled}
                  row={row}
                />
              );
            })}
            <IconButton
              aria-label={`Remove ${label.one.toLowerCase()} ${index + 1}`}
              onClick={() => {
                setKeys(keys.filter((_key, at) => at !== index));
                change(current.filter((_line, at) => at !== index));
              }}
              disabled={disabled}
              sx={{ justifySelf: 'end' }}
            >
              <DeleteIcon />
            </IconButton>
          </Paper>
        );
      })}
      <Button
        startIcon={<AddIcon />}
        onClick={() => {
          setKeys([...keys, Math.max(-1, ...keys) + 1]);
          change([...current, emptyLine(lines)]);
        }}
        disabled={disabled}
        sx={{ justifySelf: 'start' }}
      >
        Add {label.one.toLowerCase()}
      </Button>
    </Box>
  );
}
