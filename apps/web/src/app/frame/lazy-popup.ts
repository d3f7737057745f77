import { useState } from 'react';

/**
 * A popup of the frame (a menu, a popover, the phone's drawer) whose code is fetched on first use
 * rather than with the frame. `mounted` turns true on its first open and stays so, so it closes
 * with its transition; `intent`, spread on the button that opens it, starts the fetch on hover or
 * focus, before the click.
 */
export function useLazyPopup(load: () => Promise<unknown>, open: boolean) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const preload = () => void load();
  return { mounted: open || opened, intent: { onPointerEnter: preload, onFocus: preload } };
}
