import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export type ConfirmAnswer = 'Yes' | 'No';

export interface ConfirmDialogProps {
  open: boolean;
  message: string;
  /** An image above the message; a question mark when none is given. */
  image?: { src: string; alt: string };
  okLabel?: string;
  /** Leave out for a dialog with the ok button only. */
  cancelLabel?: string;
  /** Yes from the ok button; No from the cancel button, Escape or the backdrop. */
  onAnswer: (answer: ConfirmAnswer) => void;
}

/** SPEC.md section 2's generic confirmation modal: image, message, optional cancel and an ok. */
export function ConfirmDialog({
  open,
  message,
  image,
  okLabel = 'Ok',
  cancelLabel,
  onAnswer,
}: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => onAnswer('No')}
      aria-describedby={messageId}
      aria-label={message}
      maxWidth="xs"
      fullWidth
    >
      <DialogContent sx={{ textAlign: 'center' }}>
        <Box sx={{ mb: 2 }}>
          {image ? (
            <Box
              component="img"
              src={image.src}
              alt={image.alt}
              sx={{ maxWidth: '100%', maxHeight: 160 }}
            />
          ) : (
            <HelpOutlineIcon color="primary" sx={{ fontSize: 64 }} aria-hidden />
          )}
        </Box>
        <Typography id={messageId}>{message}</Typography>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 2 }}>
        {cancelLabel && (
          <Button variant="outlined" onClick={() => onAnswer('No')}>
            {cancelLabel}
          </Button>
        )}
        <Button variant="contained" onClick={() => onAnswer('Yes')} autoFocus>
          {okLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
