import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** Any signed-in path no screen is registered for. */
export function NotFoundPage() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 560 }}>
      <Typography variant="h4" component="h1">
        Page not found
      </Typography>
      <Typography color="text.secondary">
        There is no page at this address. It may have moved, or the link may be mistyped.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to the home page
      </Button>
    </Stack>
  );
}
