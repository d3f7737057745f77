import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/**
 * A button that opens the file chooser and hands over the one file chosen (an attachment, a
 * photo); the input is emptied after each choice, so the same file may be chosen again.
 */
export function FileButton(props: {
  label: ReactNode;
  /** what the chooser offers (acceptOf(folder), or MIME types) */
  accept: string;
  /** the file input's accessible name */
  inputLabel: string;
  onFile: (file: File) => void;
  /** an upload under way: the button spins and takes no click */
  loading?: boolean;
  startIcon?: ReactNode;
}) {
  return (
    <Button
      component="label"
      variant="outlined"
      loading={props.loading ?? false}
      startIcon={props.startIcon}
    >
      {props.label}
      <input
        hidden
        type="file"
        accept={props.accept}
        aria-label={props.inputLabel}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) props.onFile(chosen);
          event.target.value = '';
        }}
      />
    </Button>
  );
}
