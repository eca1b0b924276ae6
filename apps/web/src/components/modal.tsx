import { Msg } from '@tabi/contract/messages';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './modal.module.css';

interface ModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The one modal (SPEC §2 Shared): a native <dialog> opened with showModal(), so focus stays inside,
 * the page behind is inert and Esc closes it; labelled by its title, with the 閉じる button.
 */
export function Modal({ open, title, onClose, children, footer }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

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
              {Msg.close}
            </button>
          </footer>
        </div>
      )}
    </dialog>
  );
}
