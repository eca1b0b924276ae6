import { useCallback, useEffect, useMemo, useRef } from 'react';

/** Quiet time after the last keystroke before a draft is written: one write per pause, not per key. */
export const DRAFT_DELAY_MS = 300;

export interface DraftSaver<T> {
  /** Saves `value` once typing pauses. */
  schedule(value: T): void;
  /** Saves what is waiting now. */
  flush(): void;
  /** Forgets what is waiting (the form was sent: what it held is stored as the flow's data). */
  cancel(): void;
}

/**
 * Saves a form's values a moment after they change, and at once when the page is hidden or left: a phone may
 * drop a tab in the background and reload it when it comes back, and a language switch loads a new page.
 */
export function useDraftSaver<T>(save: (value: T) => void, delay = DRAFT_DELAY_MS): DraftSaver<T> {
  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
  }, []);

  const flush = useCallback(() => {
    const waiting = pending.current;
    cancel();
    if (waiting) save(waiting.value);
  }, [cancel, save]);

  const schedule = useCallback(
    (value: T) => {
      // A copy: a form library may change the object it handed over in place.
      pending.current = { value: structuredClone(value) };
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(flush, delay);
    },
    [flush, delay],
  );

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
      // Leaving the step by a link keeps what was typed for the way back.
      flush();
    };
  }, [flush]);

  return useMemo(() => ({ schedule, flush, cancel }), [schedule, flush, cancel]);
}
