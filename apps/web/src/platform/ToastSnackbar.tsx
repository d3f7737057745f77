import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { TOAST_DURATION_MS, TOAST_MIN_WIDTH } from '@portal/contract/constants';
import type { Toast, ToastKind } from './toasts.ts';

const severity: Record<ToastKind, AlertColor> = {
  success: 'success',
  warning: 'warning',
  danger: 'error',
};

/** One toast, for TOAST_DURATION_MS unless closed sooner (Toaster.tsx loads it with the first). */
export function ToastSnackbar({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const close = (_event?: unknown, reason?: string) => {
    if (reason !== 'clickaway') onClose();
  };
  return (
    <Snackbar
      open
      autoHideDuration={TOAST_DURATION_MS}
      onClose={close}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      // Below the top bar (56 px on phones, 64 px above), so the store switcher, the clock and the
      // user menu stay reachable while a toast shows.
      sx={{ top: { xs: 64, sm: 72 } }}
    >
      <Alert
        severity={severity[toast.kind]}
        variant="filled"
        onClose={close}
        sx={{ minWidth: { sm: TOAST_MIN_WIDTH }, width: '100%' }}
      >
        <AlertTitle>{toast.title}</AlertTitle>
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
