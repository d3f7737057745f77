import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRouteError } from 'react-router';

/** Shown when a screen fails to load or render, for instance after a deployment replaced its files. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Stack component="main" spacing={2} sx={{ p: 4, alignItems: 'flex-start' }}>
      <Typography variant="h4" component="h1">
        Something went wrong
      </Typography>
      <Typography color="text.secondary">
        This page could not be shown. Reloading usually helps.
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Stack>
  );
}
