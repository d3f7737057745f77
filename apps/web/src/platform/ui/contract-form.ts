import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type RefCallBack,
  type FieldPath,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../api.ts';
import { useUnsavedChangesGuard, type UnsavedChangesGuard } from './unsaved-changes.tsx';

/**
 * The one mapping of a server's 400 `errors` (field path -> messages) onto a form: the messages of
 * the form's own fields (dotted paths such as permission_group_ids.0 belong to their top-level
 * field; a field of a list's row, questions.0.answer, keeps its path when `hasField` says the form
 * has it) and the rest, to show above the form.
 */
export function splitServerErrors(
  error: unknown,
  fieldNames: readonly string[],
  /** True for a nested path (questions.0.answer) the form has a field of its own for. */
  hasField?: (path: string) => boolean,
): { onFields: [string, string][]; other: string[] } {
  const onFields: [string, string][] = [];
  const other: string[] = [];
  if (!(error instanceof ApiError)) return { onFields, other };
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    const text = messages.join(' ');
    if (!text) continue;
    const name = path.split('.')[0] ?? path;
    // A member of a list's row keeps its path; an item of a plain list (ids.0) is its list's.
    const nested = path.replace(/(\.\d+)+$/, '');
    if (!fieldNames.includes(name)) other.push(path ? `${path}: ${text}` : text);
    else if (/\.\d+\./.test(nested) && hasField?.(nested)) onFields.push([nested, text]);
    else onFields.push([name, text]);
  }
  return { onFields, other };
}

/**
 * Puts the server's field errors on the fields of a react-hook-form form and returns the messages
 * that belong to none of `names` (empty when `error` has no field errors).
 */
export function putServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  names: readonly FieldPath<T>[],
): string[] {
  const split = splitServerErrors(error, names);
  for (const [name, message] of split.onFields)
    setError(name as FieldPath<T>, { type: 'server', message });
  return split.other;
}

/** The value at a dotted path (questions.0.answer) of a form's values, if there is one. */
function valueAt(values: unknown, path: string): unknown {
  let at = values;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

export type ContractForm<TIn extends FieldValues, TOut> = UseFormReturn<TIn, unknown, TOut> & {
  /** Asks before leaving while the form has unsaved changes: render `guard.dialog`. */
  guard: UnsavedChangesGuard;
  /** Puts a failed save's field errors on the form's fields; returns the other messages. */
  serverErrors: (error: unknown) => string[];
};

/**
 * The form hook of hand-written screens: a react-hook-form form validated in the browser by the
 * contract's zod schema (as the server validates it), the server's field errors put on their
 * fields, and the unsaved-changes question before leaving (`guard: false` for sign-in style forms
 * whose content is not work to lose).
 */
export function useContractForm<TIn extends FieldValues, TOut>(
  schema: z.ZodType<TOut, TIn>,
  options: Omit<UseFormProps<TIn, unknown, TOut>, 'resolver'> & { guard?: boolean },
): ContractForm<TIn, TOut> {
  const { guard: guarded = true, ...formOptions } = options;
  const form = useForm<TIn, unknown, TOut>({ ...formOptions, resolver: zodResolver(schema) });
  const guard = useUnsavedChangesGuard(guarded && form.formState.isDirty);
  const serverErrors = (error: unknown) => {
    const names = Object.keys(form.formState.defaultValues ?? {});
    const values: unknown = form.getValues();
    const split = splitServerErrors(error, names, (path) => valueAt(values, path) !== undefined);
    for (const [name, message] of split.onFields)
      form.setError(name as FieldPath<TIn>, { type: 'server', message });
    return split.other;
  };
  return { ...form, guard, serverErrors };
}

/**
 * A Controller's field as the props of a MUI text field (text, date, number or select): its value
 * as text, changes as the typed text.
 */
export function fieldProps(field: {
  name: string;
  value: unknown;
  onChange: (value: string) => void;
  onBlur: () => void;
  ref: RefCallBack;
}) {
  return {
    name: field.name,
    value: typeof field.value === 'string' || typeof field.value === 'number' ? field.value : '',
    onChange: (event: { target: { value: string } }) => field.onChange(event.target.value),
    onBlur: field.onBlur,
    inputRef: field.ref,
  };
}
