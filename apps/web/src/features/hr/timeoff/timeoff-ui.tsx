import Chip from '@mui/material/Chip';
import type { TimeoffStatus } from '@portal/contract/hr-timeoff';
import { useLiveStatus } from '../live-events.ts';

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2026-03-02` as `Mar 2, 2026` (a calendar date: no time zone shift). */
export const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

export const formatRange = (start: string, end: string) =>
  start === end ? formatDay(start) : `${formatDay(start)} – ${formatDay(end)}`;

export const formatHours = (hours: number | null) =>
  hours === null ? 'No limit' : `${Math.round(hours * 100) / 100} h`;

/**
 * A status chip's colours: a light background with black text, which keeps the contrast (WCAG AA)
 * that MUI's white-on-orange and white-on-light-blue chips miss, in light and dark mode.
 */
export const softChip = (
  palette: 'warning' | 'success' | 'error' | 'info' | 'secondary' | 'grey',
) =>
  palette === 'grey'
    ? { bgcolor: 'grey.300', color: 'common.black' }
    : { bgcolor: `${palette}.light`, color: 'common.black' };

const statusPalettes: Record<TimeoffStatus, Parameters<typeof softChip>[0]> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  cancelled: 'grey',
};

export function StatusChip({ status }: { status: TimeoffStatus }) {
  return (
    <Chip
      size="small"
      sx={softChip(statusPalettes[status])}
      label={status.charAt(0).toUpperCase() + status.slice(1)}
    />
  );
}

/** A small indicator of the live-update connection. */
export function LiveChip() {
  const status = useLiveStatus();
  const live = status === 'live';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={live ? 'success' : 'default'}
      label={live ? 'Live' : status === 'off' ? 'Offline' : 'Connecting…'}
      aria-label={live ? 'Live updates on' : 'Live updates connecting'}
    />
  );
}
