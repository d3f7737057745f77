import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { useLazyPopup } from './lazy-popup.ts';

const loadPopup = () => import('./UserMenuPopup.tsx');
const UserMenuPopup = lazy(async () => ({ default: (await loadPopup()).UserMenuPopup }));

/** The signed-in user's name, opening the user menu. */
export function UserMenu({ name }: { name: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const popup = useLazyPopup(loadPopup, anchor !== null);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircleIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={`User menu: ${name}`}
        onClick={(event) => setAnchor(event.currentTarget)}
        {...popup.intent}
        sx={{
          textTransform: 'none',
          minWidth: 0,
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
        }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {name}
        </Box>
      </Button>
      {popup.mounted && (
        <Suspense fallback={null}>
          <UserMenuPopup id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
