import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  deviceTypeFieldSchema,
  deviceTypeFields,
  type DeviceTypeField,
} from '@portal/contract/resources/catalog';
import { Fragment, useEffect, useMemo } from 'react';
import {
  Controller,
  useFormState,
  useWatch,
  type Control,
  type UseFormSetValue,
} from 'react-hook-form';
import type { CellValue } from '../../platform/data-table/table-types.ts';
import { fetchList } from '../../platform/resources/resource-api.ts';
import { resourceKeys } from '../../platform/resources/query-keys.ts';
import { isRecord } from '../../platform/is-record.ts';
import type { ColumnSpec, ExtraColumns } from '../../platform/resources/ui.ts';

type Values = Record<string, unknown>;

const asText = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** The device type fields of a category (at most 100), in their order. */
function useDeviceFields(categoryId: number | null) {
  const params = {
    page: 0,
    perPage: 100,
    sort: 'order',
    filter: { category_id: String(categoryId ?? '') },
  };
  return useQuery({
    queryKey: resourceKeys(deviceTypeFields.name).list(params),
    queryFn: async ({ signal }) =>
      parsedFields((await fetchList(deviceTypeFields, params, signal)).results),
    enabled: categoryId !== null,
    staleTime: 30_000,
  });
}

const parsedFields = (rows: readonly unknown[]): DeviceTypeField[] =>
  rows.flatMap((row) => {
    const parsed = deviceTypeFieldSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });

/** How many device type field columns the product list shows before the Columns menu. */
const SHOWN_FIELD_COLUMNS = 4;

/** A product's value of one device type field, as a list cell shows and exports it. */
function fieldCell(row: Record<string, unknown>, key: string): CellValue {
  const value = isRecord(row.extra_fields) ? row.extra_fields[key] : undefined;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return typeof value === 'number' || typeof value === 'string' ? value : null;
}

/**
 * The product list's columns of the device type fields: one per key over every device type (a
 * key two types share is one column, its labels joined), in the fields' order; the server sorts
 * and filters them as `extra_fields.<key>` (products' keyedFields). A select filters by its
 * options, yes/no by Yes and No. The first few show, the rest wait in the Columns menu.
 */
export const deviceFieldColumns: ExtraColumns = {
  resource: deviceTypeFields,
  queryKey: [...resourceKeys(deviceTypeFields.name).all, 'columns'],
  load: async (signal) => {
    const params = { page: 0, perPage: 100, sort: 'order' };
    const fields = parsedFields((await fetchList(deviceTypeFields, params, signal)).results);
    const byKey = new Map<string, DeviceTypeField[]>();
    for (const field of fields) byKey.set(field.key, [...(byKey.get(field.key) ?? []), field]);
    return [...byKey].map(([key, same], index): ColumnSpec => {
      const types = new Set(same.map((field) => field.field_type));
      const type = types.size === 1 ? (same[0]?.field_type ?? 'text') : 'text';
      const options = [...new Set(same.flatMap((field) => field.options))];
      return {
        field: `extra_fields.${key}`,
        header: [...new Set(same.map((field) => field.label))].join(' / '),
        kind:
          type === 'select'
            ? 'option'
            : type === 'boolean'
              ? 'boolean'
              : type === 'number'
                ? 'number'
                : 'text',
        options:
          type === 'select'
            ? options.map((option) => ({ value: option, label: option }))
            : undefined,
        hidden: index >= SHOWN_FIELD_COLUMNS,
        value: (row) => fieldCell(row, key),
      };
    });
  },
};

/** One extra field's input, bound to `extra_fields.<key>`. */
function DeviceFieldInput({
  field: definition,
  control,
  disabled,
}: {
  field: DeviceTypeField;
  control: Control<Values>;
  disabled: boolean;
}) {
  const name = `extra_fields.${definition.key}`;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => {
        if (definition.field_type === 'boolean')
          return (
            <FormControlLabel
              label={definition.label}
              control={
                <Switch
                  name={field.name}
                  checked={field.value === true}
                  onChange={(event) => field.onChange(event.target.checked)}
                  disabled={disabled}
                />
              }
            />
          );
        return (
          <TextField
            select={definition.field_type === 'select'}
            type={definition.field_type === 'number' ? 'number' : 'text'}
            label={definition.label}
            name={field.name}
            value={asText(field.value)}
            onChange={(event) => {
              const typed = event.target.value;
              // A number box sends a number; an empty one sends nothing (the server says if required).
              field.onChange(
                definition.field_type === 'number' && typed.trim() !== '' ? Number(typed) : typed,
              );
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            required={definition.is_required}
            disabled={disabled}
            fullWidth
          >
            {definition.field_type === 'select' && [
              <MenuItem key="" value="">
                <em>None</em>
              </MenuItem>,
              ...definition.options.map((option) => (
                <MenuItem key={option} value={option}>
                  {option}
                </MenuItem>
              )),
            ]}
          </TextField>
        );
      }}
    />
  );
}

/**
 * The product form's device type fields (/device-type-fields): the fields of the chosen category,
 * shown as soon as a category is chosen; the server checks the values (400 naming the field).
 */
export function DeviceFieldsSection({
  control,
  setValue,
  disabled,
}: {
  control: Control<Values>;
  setValue: UseFormSetValue<Values>;
  disabled: boolean;
}) {
  const category = useWatch({ control, name: 'category_id' });
  const categoryId = typeof category === 'number' ? category : Number(category) || null;
  const fields = useDeviceFields(categoryId);
  const values = useWatch({ control, name: 'extra_fields' });
  // Another category's values are not sent: keep only the keys this category defines.
  const known = useMemo(
    () => (categoryId === null ? [] : fields.data?.map((field) => field.key)),
    [categoryId, fields.data],
  );
  useEffect(() => {
    if (!known || !isRecord(values)) return;
    const stale = Object.keys(values).filter((key) => !known.includes(key));
    if (stale.length)
      setValue(
        'extra_fields',
        Object.fromEntries(Object.entries(values).filter(([key]) => known.includes(key))),
      );
  }, [known, values, setValue]);
  const { errors } = useFormState({ control, name: 'extra_fields' });
  const error = isRecord(errors.extra_fields) ? errors.extra_fields.message : undefined;
  if (categoryId === null || !fields.data?.length) return null;
  return (
    <Box role="group" aria-label="Device type fields" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="subtitle1" component="h2">
        Device type fields
      </Typography>
      {typeof error === 'string' && <Alert severity="error">{error}</Alert>}
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {fields.data.map((field) => (
          <DeviceFieldInput key={field.id} field={field} control={control} disabled={disabled} />
        ))}
      </Box>
    </Box>
  );
}

/** How a stored value reads: Yes/No for a switch, the text or number, '—' when not set. */
function shownValue(definition: DeviceTypeField | undefined, value: unknown) {
  if (definition?.field_type === 'boolean' || typeof value === 'boolean')
    return value === true ? 'Yes' : value === false ? 'No' : '—';
  return asText(value).trim() || '—';
}

/**
 * The product view's device type field values (products.extra_fields), labelled and ordered by
 * the category's field definitions; a stored value whose field was since removed shows by key.
 */
export function DeviceFieldValues({ row }: { row: Record<string, unknown> }) {
  const categoryId = typeof row.category_id === 'number' ? row.category_id : null;
  const fields = useDeviceFields(categoryId);
  const values = isRecord(row.extra_fields) ? row.extra_fields : {};
  const defined = fields.data ?? [];
  const entries: [string, string][] = [
    ...defined.map((field): [string, string] => [
      field.label,
      shownValue(field, values[field.key]),
    ]),
    ...Object.keys(values)
      .filter((key) => !defined.some((field) => field.key === key))
      .map((key): [string, string] => [key, shownValue(undefined, values[key])]),
  ];
  if (!entries.length) return null;
  return (
    <Box role="group" aria-label="Device type fields" sx={{ mt: 3, display: 'grid', gap: 1 }}>
      <Typography variant="subtitle1" component="h2">
        Device type fields
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
          columnGap: 3,
          rowGap: 1,
          m: 0,
        }}
      >
        {entries.map(([label, value]) => (
          <Fragment key={label}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
    </Box>
  );
}
