import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/**
 * The pieces every hand-written form repeats (sign-in, account, PIN, company settings): a form
 * column, text fields bound to react-hook-form with their error under them, and a titled card for a
 * form's section (the server's field errors: putServerErrors in contract-form.ts).
 */

/** A `<form>` column that leaves validation to zod (noValidate), not to the browser. */
export function FormStack({
  onSubmit,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
      {children}
    </Stack>
  );
}

export type FormTextFieldProps = Omit<TextFieldProps, 'error'> & {
  /** What `register(name)` returned. */
  registration: UseFormRegisterReturn;
  /** The field's error (`formState.errors[name]`): shown in red under the field. */
  error?: Pick<FieldError, 'message'> | undefined;
};

/** A text field bound to `register(name)`; required and full width unless told otherwise. */
export function FormTextField({ registration, error, helperText, ...props }: FormTextFieldProps) {
  const { ref, ...field } = registration;
  return (
    <TextField
      {...field}
      required
      fullWidth
      {...props}
      inputRef={ref}
      error={Boolean(error)}
      helperText={error?.message ?? helperText}
    />
  );
}

/** An outlined card holding one part of a settings page, with its heading when it has one. */
export function FormSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        {title && (
          <Typography variant="h6" component="h2" gutterBottom>
            {title}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
