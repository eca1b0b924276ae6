import { useState } from 'react';
import { errorText } from '../lib/admin-api.ts';

/**
 * A list's change sent from a row's button (a row removed): busy while it runs, its refusal kept for the card to
 * say, what is done said through `say` once `changed` has shown the answer. The row's button goes with the row, so
 * focus moves to `focusId` (the card's add form) rather than being lost.
 */
export function useListChange<T>(changed: (answer: T) => unknown, say: (message: string) => void, focusId: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function run(call: () => Promise<T>, done: string) {
    setBusy(true);
    setError('');
    say('');
    try {
      await changed(await call());
      say(done);
      document.getElementById(focusId)?.focus();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run };
}
