import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

// A settings page's parts, beside the fields of form.tsx: the sign-in page needs those fields only.

/**
 * A settings form's footer: the save's problems (the server's message, or several) as errors, then
 * its submit button, busy while the save runs.
 */
export function FormFooter(props: {
  problems: string | readonly string[] | null;
  pending: boolean;
  label?: string;
}) {
  const problems = typeof props.problems === 'string' ? [props.problems] : (props.problems ?? []);
  return (
    <>
      {problems.map((problem) => (
        <Alert key={problem} severity="error">
          {problem}
        </Alert>
      ))}
      <Button type="submit" variant="contained" loading={props.pending} sx={{ alignSelf: 'start' }}>
        {props.label ?? 'Save'}
      </Button>
    </>
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
