import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/** The question asked before unsaved work is left behind (issue 14 item 4; SPEC.md has none). */
export const LEAVE_QUESTION = 'You have unsaved changes. Leave this page and lose them?';

export interface UnsavedChangesGuard {
  /** The question, open while a move away waits for an answer; render it once on the screen. */
  dialog: ReactNode;
  /**
   * Lets the next move away through without asking (call it right before navigating after a
   * successful save, when the form still counts as changed).
   */
  allowLeave: () => void;
}

/**
 * Asks before unsaved work is lost: a move to another page in the app (a side-menu link, Back,
 * a redirect) waits for "Leave" or "Stay", and closing or reloading the tab gets the browser's own
 * question. Nothing is asked while `dirty` is false.
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const allowed = useRef(false);
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
      [dirty],
    ),
  );

  useEffect(() => {
    if (!dirty) {
      allowed.current = false;
      return;
    }
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      message={LEAVE_QUESTION}
      okLabel="Leave"
      cancelLabel="Stay"
      onAnswer={(answer) => {
        if (blocker.state !== 'blocked') return;
        if (answer === 'Yes') blocker.proceed();
        else blocker.reset();
      }}
    />
  );
  return {
    dialog,
    allowLeave: () => {
      allowed.current = true;
    },
  };
}
