import BlockIcon from '@mui/icons-material/Block';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** SPEC.md section 2's Access denied page, for a screen the user's permissions do not open. */
export function AccessDenied() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
      <BlockIcon color="error" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h4" component="h1">
        Access denied
      </Typography>
      <Typography color="text.secondary">Sorry you don&apos;t have a valid access</Typography>
    </Stack>
  );
}
