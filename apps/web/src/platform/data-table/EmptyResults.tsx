import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** SPEC.md section 2: the empty-results block's default message. */
export const DEFAULT_EMPTY_MESSAGE = 'Sorry we could not find any results';

export interface EmptyResultsProps {
  message?: string;
  link?: { to: string; label: string };
}

/** The block a list shows when nothing matches, with an optional link onwards. */
export function EmptyResults({ message = DEFAULT_EMPTY_MESSAGE, link }: EmptyResultsProps) {
  return (
    <Box role="status" sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
      <SearchOffIcon fontSize="large" aria-hidden />
      <Typography sx={{ mt: 1 }}>{message}</Typography>
      {link && (
        <Link component={RouterLink} to={link.to} sx={{ display: 'inline-block', mt: 1 }}>
          {link.label}
        </Link>
      )}
    </Box>
  );
}
