import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import {
  Controller,
  useWatch,
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
} from 'react-hook-form';
import { fetchList, fetchRow, type ResourceRow } from './resource-api.ts';
import { mayReadSource } from './use-resource.ts';
import type { FormValues } from './form-values.ts';
import type { FieldKind, FieldSpec, Option } from './ui.ts';

export interface FieldProps {
  spec: FieldSpec;
  control: Control<FormValues>;
  /** Choices of a select, multi-select or reference. */
  options: readonly Option[];
  required: boolean;
  disabled: boolean;
  /** The row being edited (a reference field shows its `labelFrom` before any search). */
  row?: Readonly<Record<string, unknown>>;
}
type Renderer = (props: FieldProps) => ReactNode;

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** A text box of some HTML input type. */
function textInput(type: string, extra: { multiline?: boolean; rows?: number } = {}): Renderer {
  return function TextInput({ spec, control, required, disabled }) {
    return (
      <Controller
        name={spec.name}
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...extra}
            type={type}
            label={spec.label}
            name={field.name}
            value={asText(field.value)}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            required={required}
            disabled={disabled}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ?? spec.helperText}
            autoComplete={type === 'password' ? 'new-password' : 'off'}
            fullWidth
            slotProps={
              type === 'time' || type === 'date' || type === 'color'
                ? { inputLabel: { shrink: true } }
                : {}
            }
          />
        )}
      />
    );
  };
}

/** The field's own name in the row (`lines.0.product_id` is a line's `product_id`). */
const ownName = (name: string) => name.slice(name.lastIndexOf('.') + 1);

/**
 * The name of a reference field's current choice, from the first render: the edited row's
 * `labelFrom` (the engine returns each reference's name with the row) while the field still holds
 * the row's id, else what `known` says (the choices at hand), else, with `askById`, that one row of
 * the referenced resource (GET {path}/{id}), never shown as a bare id once that answers.
 */
function useChoiceName(
  { spec, control, row }: Pick<FieldProps, 'spec' | 'control' | 'row'>,
  known: (id: string) => string | undefined,
  askById: boolean,
): string | undefined {
  const id = asText(useWatch({ control, name: spec.name }));
  const fromRow =
    spec.labelFrom && id !== '' && asText(row?.[ownName(spec.name)]) === id
      ? row?.[spec.labelFrom]
      : undefined;
  const named = typeof fromRow === 'string' && fromRow ? fromRow : id ? known(id) : undefined;
  const source = spec.reference;
  const one = useQuery({
    queryKey: ['reference-name', source?.resource.name, id],
    queryFn: ({ signal }) =>
      source ? fetchRow(source.resource, Number(id), [], signal) : Promise.reject(new Error('')),
    enabled: askById && source !== undefined && /^\d+$/.test(id) && !named && mayReadSource(source),
    staleTime: 60_000,
    meta: { errorToast: false },
  });
  if (named) return named;
  if (one.data && source) return source.label(one.data);
  // Asking: an ellipsis; a row the user may not read (or that is gone): its id, as a last resort.
  if (askById && id) return one.fetchStatus === 'fetching' ? '…' : `#${id}`;
  return undefined;
}

/** One choice of a list (select: option values are strings; reference: row ids). */
function selectInput(numeric: boolean): Renderer {
  return function SelectInput({ spec, control, options, required, disabled, row }) {
    // A reference whose choices are still loading (or leave the current one out, e.g. an inactive
    // district) shows the row's name for it rather than an empty box.
    const current = useChoiceName(
      { spec, control, row },
      (id) => options.find((option) => option.value === id)?.label,
      false,
    );
    return (
      <Controller
        name={spec.name}
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            select
            label={spec.label}
            name={field.name}
            value={asText(field.value)}
            onChange={(event) => {
              const { value } = event.target;
              field.onChange(value === '' ? '' : numeric ? Number(value) : value);
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            required={required}
            disabled={disabled}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ?? spec.helperText}
            fullWidth
          >
            {!required && (
              <MenuItem value="">
                <em>None</em>
              </MenuItem>
            )}
            {options.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
            {numeric &&
              field.value !== '' &&
              current !== undefined &&
              !options.some((option) => option.value === asText(field.value)) && (
                <MenuItem value={asText(field.value)}>{current}</MenuItem>
              )}
          </TextField>
        )}
      />
    );
  };
}

/** The text box of a field's Autocomplete: its label, name and ref, the error or help under it. */
const fieldTextBox =
  (
    spec: FieldSpec,
    field: Pick<ControllerRenderProps<FormValues>, 'name' | 'ref'>,
    fieldState: ControllerFieldState,
    required = false,
  ) =>
  (params: AutocompleteRenderInputParams) => (
    <TextField
      {...params}
      label={spec.label}
      name={field.name}
      inputRef={field.ref}
      required={required}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? spec.helperText}
    />
  );

/** Several choices, typed to search (permission names, permission groups). */
function multiInput(numeric: boolean): Renderer {
  return function MultiInput({ spec, control, options, disabled }) {
    return (
      <Controller
        name={spec.name}
        control={control}
        render={({ field, fieldState }) => {
          const chosen = Array.isArray(field.value) ? field.value.map(String) : [];
          const value = options.filter((option) => chosen.includes(option.value));
          return (
            <Autocomplete
              multiple
              disableCloseOnSelect
              options={[...options]}
              value={value}
              disabled={disabled}
              getOptionLabel={(option) => option.label}
              isOptionEqualToValue={(option, picked) => option.value === picked.value}
              onChange={(_event, picked) =>
                field.onChange(
                  picked.map((option) => (numeric ? Number(option.value) : option.value)),
                )
              }
              onBlur={field.onBlur}
              renderInput={fieldTextBox(spec, field, fieldState)}
            />
          );
        }}
      />
    );
  };
}

/** Free words (a select's options): typed, each ended with Enter; the value is their array. */
function TagsInput({ spec, control, required, disabled }: FieldProps) {
  return (
    <Controller
      name={spec.name}
      control={control}
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          freeSolo
          options={[]}
          value={Array.isArray(field.value) ? field.value.map(String) : []}
          disabled={disabled}
          onChange={(_event, words) =>
            field.onChange([...new Set(words.map((word) => word.trim()).filter(Boolean))])
          }
          onBlur={field.onBlur}
          renderInput={fieldTextBox(spec, field, fieldState, required)}
        />
      )}
    />
  );
}

const SEARCH_PAUSE_MS = 250;

/**
 * A searchable select of another resource's rows (a reference): typing asks that resource's list
 * with search= and offers the first 20 by name; the current choice shows its name from the first
 * render (the row's reference name, or that one row asked for by id), never its id.
 */
function SearchInput({ spec, control, required, disabled, row }: FieldProps) {
  const source = spec.reference;
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(text), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const found = useQuery({
    queryKey: ['search-field', source?.resource.name, source?.filter, search],
    queryFn: ({ signal }) =>
      source
        ? fetchList(
            source.resource,
            { page: 0, perPage: 20, search, filter: source.filter, sort: source.sort },
            signal,
          )
        : Promise.resolve({ results: [] as ResourceRow[], total: 0 }),
    enabled: open && source !== undefined,
    placeholderData: keepPreviousData,
  });
  const options: Option[] = (found.data?.results ?? []).map((item) => ({
    value: String(item.id),
    label: source?.label(item) ?? `#${item.id}`,
  }));
  const [picked, setPicked] = useState<Option | null>(null);
  const currentName = useChoiceName(
    { spec, control, row },
    (id) =>
      picked?.value === id ? picked.label : options.find((option) => option.value === id)?.label,
    true,
  );
  return (
    <Controller
      name={spec.name}
      control={control}
      render={({ field, fieldState }) => {
        const id = asText(field.value);
        const value: Option | null =
          id === ''
            ? null
            : picked?.value === id
              ? picked
              : { value: id, label: currentName ?? '' };
        return (
          <Autocomplete
            options={options}
            value={value}
            open={open}
            onOpen={() => setOpen(true)}
            onClose={() => setOpen(false)}
            loading={found.isFetching}
            disabled={disabled}
            filterOptions={(list) => list}
            getOptionLabel={(option) => option.label}
            isOptionEqualToValue={(option, chosen) => option.value === chosen.value}
            onInputChange={(_event, typed, reason) => {
              if (reason === 'input') setText(typed);
            }}
            onChange={(_event, option) => {
              setPicked(option);
              field.onChange(option ? Number(option.value) : '');
            }}
            onBlur={field.onBlur}
            renderInput={fieldTextBox(spec, field, fieldState, required)}
          />
        );
      }}
    />
  );
}

function SwitchInput({ spec, control, disabled }: FieldProps) {
  return (
    <Controller
      name={spec.name}
      control={control}
      render={({ field, fieldState }) => (
        <Box>
          <FormControlLabel
            label={spec.label}
            control={
              <Switch
                name={field.name}
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                disabled={disabled}
              />
            }
          />
          {(fieldState.error ?? spec.helperText) && (
            <FormHelperText error={fieldState.error !== undefined}>
              {fieldState.error?.message ?? spec.helperText}
            </FormHelperText>
          )}
        </Box>
      )}
    />
  );
}

/**
 * One renderer per field kind. `satisfies` makes the compiler name any kind without one
 * (STYLE.md 10), instead of a chain of type checks that silently draws nothing.
 */
export const fieldRenderers = {
  text: textInput('text'),
  email: textInput('email'),
  password: textInput('password'),
  number: textInput('number'),
  textarea: textInput('text', { multiline: true, rows: 3 }),
  color: textInput('color'),
  time: textInput('time'),
  date: textInput('date'),
  switch: SwitchInput,
  select: selectInput(false),
  reference: selectInput(true),
  multiSelect: multiInput(false),
  multiReference: multiInput(true),
  search: SearchInput,
  tags: TagsInput,
} satisfies Record<FieldKind, Renderer>;
