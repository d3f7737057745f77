import { CLOCK_DEBOUNCE_MS } from '@portal/contract/hr';
import { useCallback, useRef } from 'react';

/**
 * SPEC.md sections 4 and 9: clock and break buttons act on the first press and ignore further
 * presses for 2 seconds. The handler runs at once; presses within the window are dropped.
 */
export function useFirstPress<Args extends unknown[]>(
  action: (...args: Args) => void,
  windowMs = CLOCK_DEBOUNCE_MS,
): (...args: Args) => void {
  const last = useRef(Number.NEGATIVE_INFINITY);
  return useCallback(
    (...args: Args) => {
      const now = Date.now();
      if (now - last.current < windowMs) return;
      last.current = now;
      action(...args);
    },
    [action, windowMs],
  );
}
