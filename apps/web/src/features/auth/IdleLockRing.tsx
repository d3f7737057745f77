import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { DEFAULT_TIMEOUT_LIMIT_MINUTES } from '@portal/contract/constants';
import { storageKeys } from '@portal/contract/storage-keys';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readStored } from '../../platform/storage.ts';
import { idleLogout, lockSession } from './lock.ts';
import { LazyTooltip } from '../../platform/ui/LazyTooltip.tsx';

/** SPEC.md section 9: the ring's colour by remaining percentage, in five bands. */
export const ringBands = [
  { upTo: 20, color: '#d32f2f' },
  { upTo: 40, color: '#ef6c00' },
  { upTo: 60, color: '#f9a825' },
  { upTo: 80, color: '#7cb342' },
  { upTo: 100, color: '#2e7d32' },
] as const;

export const ringColor = (percent: number) =>
  (ringBands.find((band) => percent <= band.upTo) ?? ringBands[4]).color;

/** `Auto Logout In m:ss`. */
export function autoLogoutLabel(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return `Auto Logout In ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function timeoutMs(): number {
  const minutes = Number(readStored(storageKeys.timeoutLimit));
  return (
    (Number.isFinite(minutes) && minutes > 0 ? minutes : DEFAULT_TIMEOUT_LIMIT_MINUTES) * 60_000
  );
}

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'];
/** Activity in one tab keeps the others awake too. */
const CHANNEL = 'portal-activity';

/**
 * The auto-logout countdown ring, bottom-right (SPEC.md sections 2, 4 and 9): the share of the
 * session's timeout_limit left before idle logout. Any activity restarts it; clicking it locks.
 */
export function IdleLockRing() {
  const navigate = useNavigate();
  const location = useLocation();
  const [total] = useState(timeoutMs);
  const lastActivity = useRef(0);
  const [remaining, setRemaining] = useState(total);

  useEffect(() => {
    lastActivity.current = Date.now();
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    let lastShared = 0;
    const onActivity = () => {
      const at = Date.now();
      lastActivity.current = at;
      setRemaining(total);
      // Telling the other tabs once every few seconds is enough.
      if (channel && at - lastShared > 5_000) {
        lastShared = at;
        channel.postMessage(at);
      }
    };
    const fromOtherTab = (event: MessageEvent<unknown>) => {
      if (typeof event.data === 'number' && event.data > lastActivity.current)
        lastActivity.current = event.data;
    };
    channel?.addEventListener('message', fromOtherTab);
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, onActivity, { passive: true, capture: true });
    const tick = window.setInterval(() => {
      const left = total - (Date.now() - lastActivity.current);
      setRemaining(Math.max(0, left));
      if (left <= 0) {
        window.clearInterval(tick);
        idleLogout();
      }
    }, 1000);
    return () => {
      window.clearInterval(tick);
      for (const name of ACTIVITY_EVENTS)
        window.removeEventListener(name, onActivity, { capture: true });
      channel?.removeEventListener('message', fromOtherTab);
      channel?.close();
    };
  }, [total]);

  const percent = Math.round((remaining / total) * 100);
  const color = ringColor(percent);
  const label = autoLogoutLabel(remaining);

  return (
    <LazyTooltip title={label} placement="left">
      <ButtonBase
        aria-label={`Lock screen. ${label}`}
        onClick={() => {
          lockSession();
          const here = `${location.pathname}${location.search}`;
          void navigate(`/locked?redirect_url=${encodeURIComponent(here)}`, { replace: true });
        }}
        sx={{
          position: 'fixed',
          right: 16,
          bottom: 16,
          zIndex: (theme) => theme.zIndex.speedDial,
          borderRadius: '50%',
          bgcolor: 'background.paper',
          boxShadow: 3,
          displayPrint: 'none',
        }}
      >
        {/* The button's label already says it all; the ring and percentage are its picture. */}
        <Box aria-hidden sx={{ position: 'relative', display: 'inline-flex' }}>
          <CircularProgress
            variant="determinate"
            value={percent}
            size={52}
            thickness={4.5}
            sx={{ color }}
          />
          <Typography
            component="span"
            variant="caption"
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontWeight: 600,
            }}
          >
            {`${percent}%`}
          </Typography>
        </Box>
      </ButtonBase>
    </LazyTooltip>
  );
}
