import { type ReactNode, useState } from 'react';
import { errorText } from '../lib/admin-api.ts';
import { ActionDialog } from './action-dialog.tsx';
import { Card } from './page.tsx';

/**
 * 削除 on a record's page: a note of what cannot be deleted, a button, and a dialog that asks first and shows the
 * server's refusal in place. `remove` makes the call and, once it succeeds, leaves the page (the record is gone).
 */
export function DeleteCard({
  id,
  note,
  button,
  title,
  children,
  remove,
}: {
  id: string;
  note: ReactNode;
  button: string;
  title: string;
  /** What the dialog says will be deleted. */
  children: ReactNode;
  remove(): Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function submit() {
    setBusy(true);
    setError('');
    try {
      await remove();
      setOpen(false);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card id={id} title="削除">
      <p className="adm-muted">{note}</p>
      <button type="button" className="adm-button" onClick={() => setOpen(true)}>
        {button}
      </button>
      <ActionDialog
        open={open}
        title={title}
        submitLabel="削除する"
        danger
        busy={busy}
        error={error}
        onClose={() => {
          setError('');
          setOpen(false);
        }}
        onSubmit={() => void submit()}
      >
        {children}
      </ActionDialog>
    </Card>
  );
}
