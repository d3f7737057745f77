import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/**
 * The pieces every hand-written form repeats (sign-in, account, PIN, company settings): a form
 * column and text fields bound to react-hook-form with their error under them (the server's field
 * errors: putServerErrors in contract-form.ts). A settings page's sections and footer are in
 * settings-form.tsx, so the sign-in page loads no cards or alerts up front.
 */

/** A `<form>` column that leaves validation to zod (noValidate), not to the browser. */
export function FormStack({
  onSubmit,
  maxWidth,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** pixels; the form fills its column without it */
  maxWidth?: number;
  children: ReactNode;
}) {
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} sx={{ maxWidth }}>
      {children}
    </Stack>
  );
}

/**
 * A public form's honeypot (its `website` field): off screen and out of the tab order, so only
 * robots fill it (the server answers such a send like a success and keeps nothing).
 */
export function Honeypot({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <Box aria-hidden sx={{ position: 'absolute', left: '-10000px', width: 1, height: 1 }}>
      <label>
        Website
        <input type="text" tabIndex={-1} autoComplete="off" {...registration} />
      </label>
    </Box>
  );
}

export type FormTextFieldProps = {
  /** What `register(name)` returned. */
  registration: UseFormRegisterReturn;
  /** The field's error (`formState.errors[name]`): shown in red under the field. */
  error?: Pick<FieldError, 'message'> | undefined;
  label: ReactNode;
  helperText?: ReactNode;
  id?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  multiline?: boolean;
  minRows?: number;
  /** Attributes of the `<input>` itself (inputMode, maxLength). */
  htmlInput?: InputBaseComponentProps;
};

/**
 * A text field bound to `register(name)`; required and full width unless told otherwise. It is
 * MUI's TextField taken apart (FormControl, InputLabel, OutlinedInput, FormHelperText): TextField
 * also imports Select with its Menu, Popover and Modal, a third of the sign-in page's field code
 * that no text field here uses.
 */
export function FormTextField({
  registration,
  error,
  label,
  helperText,
  id: idOverride,
  required = true,
  disabled,
  htmlInput,
  ...input
}: FormTextFieldProps) {
  const { ref, ...field } = registration;
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const message = error?.message ?? helperText;
  const helperTextId = message ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth required={required} disabled={disabled} error={Boolean(error)}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...field}
        {...input}
        id={id}
        label={label}
        fullWidth
        inputRef={ref}
        inputProps={htmlInput}
        aria-describedby={helperTextId}
      />
      {message && <FormHelperText id={helperTextId}>{message}</FormHelperText>}
    </FormControl>
  );
}
