import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { useCommonMessages } from '../i18n/common.ts';
import styles from './modal.module.css';

interface ModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  /**
   * Where the focus goes once the dialog has left: by default what held it when the dialog opened (a phone's
   * browser may not focus a tapped button, so its opener can name itself here).
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * The one modal (SPEC §2 Shared): a native <dialog> opened with showModal(), so focus stays inside,
 * the page behind is inert and Esc closes it; labelled by its title, with the 閉じる button. Closed or dropped
 * from the page, it gives the focus back to its opener.
 */
export function Modal({ open, title, onClose, children, footer, returnFocusTo }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const t = useCommonMessages();
  const opener = useRef<HTMLElement | null>(null);
  const returnTo = useRef(returnFocusTo);
  returnTo.current = returnFocusTo;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      giveFocusBack(returnTo.current?.current ?? opener.current);
    }
  }, [open]);

  // Dropped from the page while open: the effect's cleanup runs once the dialog has left the DOM (and the top
  // layer), so the page is no longer inert and the opener can take the focus (the removal leaves it on <body>).
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) giveFocusBack(returnTo.current?.current ?? opener.current);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      onKeyDown={() => {}}
    >
      {open && (
        <div className={styles.panel}>
          <header className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
          </header>
          <div className={styles.body}>{children}</div>
          <footer className={styles.footer}>
            {footer}
            <button type="button" className="btn btn-outline" onClick={onClose}>
              {t('close')}
            </button>
          </footer>
        </div>
      )}
    </dialog>
  );
}

function giveFocusBack(target: HTMLElement | null) {
  if (target?.isConnected) target.focus();
}
