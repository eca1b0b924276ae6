/** 連絡先を修正 and メモ: the applicant's contact and the staff's note on the booking. */
import {
  type ContactRequest,
  contactRequest,
  NOTE_MAX,
  type NoteRequest,
  noteRequest,
} from '@tabi/contract/admin-bookings';
import { useWatch } from 'react-hook-form';
import { Field } from '../../../components/form/field.tsx';
import { bookingActions, useConsoleAction } from '../../lib/booking-api.ts';
import { ActionDialog } from '../action-dialog.tsx';
import { useSchemaForm } from '../schema-form.tsx';

import { type DialogProps, Effect } from './shared.tsx';

export function ContactDialog({ detail, open, onClose, onDone }: DialogProps) {
  const rsvno = detail.booking.rsvno;
  const action = useConsoleAction(
    (body: ContactRequest) => bookingActions.contact(rsvno, body),
    (result) => onDone(result.changed ? '連絡先を訂正しました。' : '連絡先は変わっていません。'),
  );
  const contact = useSchemaForm(contactRequest, {
    defaultValues: { tel: detail.tel, mail: detail.booking.mail },
    onSubmit: (body) => action.mutate(body),
  });
  const { form } = contact;
  const [tel, mail] = useWatch({ control: form.control, name: ['tel', 'mail'] });
  const { errors } = form.formState;
  return (
    <ActionDialog
      open={open}
      title="連絡先を訂正"
      onClose={onClose}
      onSubmit={() => void contact.submit()}
      submitLabel="訂正する"
      disabled={tel.trim() === '' || mail.trim() === ''}
      action={action}
    >
      <Field
        label="電話番号"
        required
        hint="マイページへのログインは、訂正後の電話番号で行っていただきます。"
        error={errors.tel?.message}
      >
        {(c) => <input {...c} type="tel" autoComplete="off" {...form.register('tel')} />}
      </Field>
      <Field label="メールアドレス" required error={errors.mail?.message}>
        {(c) => <input {...c} type="email" autoComplete="off" {...form.register('mail')} />}
      </Field>
      <Effect
        rows={[
          ['マイページ', '電話番号を変えると、これまでの電話番号でのログイン中の画面は閉じられます'],
          ['メール', '送信済みのメールはそのまま。再送と今後のお知らせは訂正後のアドレスへ'],
          ['金額・座席', '変更なし'],
        ]}
      />
    </ActionDialog>
  );
}

export function NoteDialog({ detail, open, onClose, onDone }: DialogProps) {
  const rsvno = detail.booking.rsvno;
  const action = useConsoleAction(
    (body: NoteRequest) => bookingActions.note(rsvno, body),
    () => {
      noteForm.reset({ note: '' });
      onDone('社内メモを追加しました。');
    },
  );
  const noteForm = useSchemaForm(noteRequest, {
    defaultValues: { note: '' },
    onSubmit: (body) => action.mutate(body),
  });
  const { form } = noteForm;
  const note = useWatch({ control: form.control, name: 'note' });
  return (
    <ActionDialog
      open={open}
      title="社内メモを追加"
      onClose={onClose}
      onSubmit={() => void noteForm.submit()}
      submitLabel="メモを追加する"
      disabled={note.trim() === ''}
      action={action}
    >
      <Field label="メモ（スタッフのみ閲覧、お客様には表示されません）" error={form.formState.errors.note?.message}>
        {(c) => <textarea {...c} rows={4} maxLength={NOTE_MAX} {...form.register('note')} />}
      </Field>
      <Effect rows={[['金額・座席', '変更なし']]} />
    </ActionDialog>
  );
}
