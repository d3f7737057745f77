import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** SPEC.md section 2 and 8: the Unauthorized screen (/unauth), for features outside the plan. */
export function UnauthorizedPage() {
  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center', textAlign: 'center', py: 6, maxWidth: 560, mx: 'auto' }}
    >
      <LockOutlinedIcon color="warning" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h4" component="h1">
        Unauthorized
      </Typography>
      <Typography color="text.secondary">
        This page or feature is not part of your current plan. Please contact your admin to get
        access.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to the home page
      </Button>
    </Stack>
  );
}
