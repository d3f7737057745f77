import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { LOADING_INDICATOR_DELAY_MS } from '@portal/contract/constants';
import { useEffect, useState } from 'react';

/**
 * A full-area loading indicator for screens and settings that are on their way. It appears only
 * after LOADING_INDICATOR_DELAY_MS, so fast loads do not flash.
 */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), LOADING_INDICATOR_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <Box
      sx={{
        display: 'flex',
        flex: 1,
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: '50vh',
      }}
    >
      {visible && <CircularProgress aria-label={label} />}
    </Box>
  );
}
