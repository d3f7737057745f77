import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import type { ReactNode } from 'react';

/**
 * The row actions' column stays at the right edge of the table's box (sticky) while a wide table
 * scrolls inside it, so View, Edit and Delete never fall outside the page.
 */
export const actionsCellSx = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  whiteSpace: 'nowrap',
  boxShadow: (theme: { palette: { divider: string } }) => `inset 1px 0 0 ${theme.palette.divider}`,
} as const;

export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** A row's trailing cell with the screen's buttons for it. */
export function RowActionsCell({ children }: { children: ReactNode }) {
  return (
    <TableCell align="right" sx={actionsCellSx}>
      {children}
    </TableCell>
  );
}

/** A card's row of buttons (phone layout): they wrap instead of widening the page. */
export function CardActions({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'flex-end',
        alignItems: 'center',
        gap: 0.5,
        mt: 1,
      }}
    >
      {children}
    </Box>
  );
}
