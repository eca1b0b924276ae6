import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { errorText } from '../lib/admin-api.ts';
import { FormAlert } from './query-state.tsx';

export interface ActionDialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  /** Runs the action; the dialog stays open (with the message) when it fails. */
  onSubmit(): void;
  submitLabel: string;
  /** The action's call (a TanStack mutation): busy while it runs, its refusal said, forgotten on close. */
  action?: { isPending: boolean; error: Error | null; reset(): void };
  busy?: boolean;
  /** A refusal or failure of the server, said in the dialog (the action's own comes first). */
  error?: string | null;
  /** Disables the submit button (a required field is empty, the effect is still loading). */
  disabled?: boolean;
  danger?: boolean;
  wide?: boolean;
  /**
   * Where focus goes when the dialog closes: back to the button that opened it, or to the page's heading when
   * the action takes that button away (a request confirmed, a booking canceled), so focus is never lost.
   */
  returnFocus?: 'opener' | 'heading';
  children: ReactNode;
}

/**
 * The console's confirmation dialog: a native <dialog> opened with showModal(), so the page behind is inert and
 * focus stays inside (the focus trap), Esc closes it, it is labelled by its title and described by its body; focus
 * returns to the button that opened it. The body says the action's effect (yen and seats) before it is sent.
 */
export function ActionDialog({
  open,
  title,
  onClose: close,
  onSubmit,
  submitLabel,
  action,
  busy: ownBusy = false,
  error: ownError = null,
  disabled = false,
  danger = false,
  wide = false,
  returnFocus = 'opener',
  children,
}: ActionDialogProps) {
  const busy = action?.isPending ?? ownBusy;
  const error = action?.error ? errorText(action.error) : ownError;
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  /** Closed with 閉じる or Esc (nothing done), rather than by the page once the action succeeded. */
  const dismissed = useRef(false);
  const onClose = () => {
    dismissed.current = true;
    action?.reset();
    close();
  };
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dismissed.current = false;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      const back = returnFocus === 'opener' || dismissed.current ? opener.current : null;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
      else document.querySelector<HTMLElement>('#adm-main h1')?.focus();
    }
  }, [open, returnFocus]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy && !disabled) onSubmit();
  }

  return (
    <dialog
      ref={ref}
      className={`adm-dialog${wide ? ' adm-dialog-wide' : ''}`}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      {open && (
        <form onSubmit={submit} noValidate>
          <h2 id={titleId}>{title}</h2>
          <div id={bodyId} className="adm-dialog-body">
            {children}
          </div>
          <FormAlert>{error}</FormAlert>
          <div className="adm-dialog-actions">
            <button type="button" onClick={onClose} disabled={busy}>
              閉じる
            </button>
            <button
              type="submit"
              className={danger ? 'adm-danger' : 'adm-primary'}
              disabled={busy || disabled}
              aria-busy={busy}
            >
              {busy ? '処理中…' : submitLabel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
