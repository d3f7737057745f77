import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';

// The modal's form (react-hook-form, the contract's zod schema, the ticket types query) is not part
// of the frame's first paint: it loads when the button is first pointed at, focused or pressed.
const loadDialog = () => import('./SupportTicketDialog.tsx');
const SupportTicketDialog = lazy(async () => ({
  default: (await loadDialog()).SupportTicketDialog,
}));

/** The Get Support button every signed-in user has, opening the Support Ticket modal. */
export function GetSupport({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<SupportAgentIcon />}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        aria-haspopup="dialog"
      >
        Get Support
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SupportTicketDialog email={email} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
