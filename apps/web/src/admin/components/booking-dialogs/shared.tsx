/**
 * What the dialogs of 予約詳細 share: their props, the effect table, the dialog of a command that needs no input and
 * the frame of a change to every participant. Each action is behind a confirmation that says its effect in yen and
 * seats before it is sent; the server decides (the booking lifecycle refuses what the state does not allow) and its
 * Japanese refusal stays in the open dialog.
 */
import type { BookingDetail } from '@tabi/contract/admin-bookings';
import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useConsoleAction } from '../../lib/booking-api.ts';
import { yen } from '../../lib/format.ts';
import { ActionDialog, type ActionDialogProps } from '../action-dialog.tsx';
import { Facts } from '../page.tsx';
import { useSchemaForm } from '../schema-form.tsx';

export interface DialogProps {
  detail: BookingDetail;
  open: boolean;
  onClose(): void;
  /** Called with the message the page announces once the action succeeded. */
  onDone(message: string): void;
}

export function Effect({ rows }: { rows: [string, string][] }) {
  return <Facts rows={rows} className="adm-effect" />;
}

export const seatsOf = (d: BookingDetail) => `${d.option.seats}名`;

/**
 * An action that sends nothing but the booking (confirm, decline, reconcile): submitting the dialog sends it, and
 * the page says `done`'s message once it succeeded.
 */
export function CommandDialog<R>({
  detail,
  open,
  onClose,
  onDone,
  run,
  done,
  ...dialog
}: DialogProps &
  Omit<ActionDialogProps, 'open' | 'onClose' | 'onSubmit' | 'action'> & {
    run(rsvno: string): Promise<R>;
    done(result: R): string;
  }) {
  const action = useConsoleAction(
    () => run(detail.booking.rsvno),
    (result) => onDone(done(result)),
  );
  return (
    <ActionDialog {...dialog} open={open} onClose={onClose} onSubmit={() => action.mutate(undefined)} action={action} />
  );
}

/**
 * The form of a change to every participant: the booking's values (`valuesOf`), checked by `schema` and sent by
 * `send` as a console action, the page saying `done` once it succeeded; closed without sending, the booking's values
 * are put back. `dialog` is what `MembersDialog` takes besides its title and fields.
 */
export function useMembersForm<In extends FieldValues, Out>(
  { detail, open, onClose, onDone }: DialogProps,
  schema: z.ZodType<Out, In>,
  valuesOf: (detail: BookingDetail) => In,
  send: (rsvno: string, body: Out) => Promise<unknown>,
  done: string,
) {
  const action = useConsoleAction(
    (body: Out) => send(detail.booking.rsvno, body),
    () => onDone(done),
  );
  const members = useSchemaForm(schema, {
    defaultValues: valuesOf(detail) as DefaultValues<In>,
    onSubmit: (body) => action.mutate(body),
  });
  return {
    form: members.form,
    dialog: {
      detail,
      open,
      action,
      onClose: () => {
        members.reset(valuesOf(detail));
        onClose();
      },
      onSubmit: () => void members.submit(),
    },
  };
}

/** A change to every participant at once (their details, their rentals); the money and the seats stay. */
export function MembersDialog({
  detail,
  open,
  action,
  onClose,
  onSubmit,
  title,
  intro,
  children,
}: Pick<DialogProps, 'detail' | 'open'> &
  Pick<ActionDialogProps, 'title' | 'children' | 'action' | 'onClose' | 'onSubmit'> & {
    intro: ReactNode;
  }) {
  return (
    <ActionDialog
      open={open}
      title={title}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="変更を保存する"
      wide
      action={action}
    >
      {intro}
      <Effect
        rows={[
          ['金額', `変更なし（${yen(detail.booking.amountjp)}）`],
          ['座席', `変更なし（${seatsOf(detail)}）`],
        ]}
      />
      {children}
    </ActionDialog>
  );
}
