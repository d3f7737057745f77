import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { APP_VERSION, BRAND } from '@portal/contract/constants';

/** The print-hidden footer: year, brand and version (SPEC.md section 1). */
export function Footer() {
  return (
    <Box component="footer" sx={{ px: 3, py: 2, textAlign: 'center', displayPrint: 'none' }}>
      <Typography variant="body2" color="text.secondary">
        © {new Date().getFullYear()} {BRAND} · Version {APP_VERSION}
      </Typography>
    </Box>
  );
}
