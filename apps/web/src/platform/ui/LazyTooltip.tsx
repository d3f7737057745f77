import type { TooltipProps } from '@mui/material/Tooltip';
import { lazy, Suspense } from 'react';

const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * MUI's Tooltip with its code (and Popper's, about 11 KiB as sent) fetched as the first paint
 * renders instead of before it. Until it arrives the child draws alone: use it only around a child
 * that names itself (its own aria-label), so nothing the screen reader hears changes.
 */
export function LazyTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
