import { useEffect } from 'react';
import { useShownOnce } from '../../platform/useShownOnce.ts';

/**
 * A popup of the frame (a menu, a popover, the phone's drawer) whose code is not in the frame's
 * first load: it is fetched once the frame has painted, or earlier on hover or focus of the button
 * that opens it (`intent`, spread on that button), so a first click rarely waits for it. `mounted`
 * turns true on its first open and stays so, so it closes with its transition.
 */
export function useLazyPopup(load: () => Promise<unknown>, open: boolean) {
  const mounted = useShownOnce(open);
  const preload = () => void load();
  useEffect(() => void load(), [load]);
  return { mounted, intent: { onPointerEnter: preload, onFocus: preload } };
}
