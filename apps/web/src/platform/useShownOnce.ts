import { useState } from 'react';

/**
 * True from the first render where `showing` is, and from then on: a lazily loaded dialog or popup
 * stays mounted once opened, for its closing transition and its state.
 */
export function useShownOnce(showing: boolean): boolean {
  const [shown, setShown] = useState(showing);
  if (showing && !shown) setShown(true);
  return shown || showing;
}
