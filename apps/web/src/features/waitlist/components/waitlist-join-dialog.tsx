import { zodResolver } from '@hookform/resolvers/zod';
import { formatMonthDayJa, type Ymd, ymdToLocalDate } from '@tabi/contract/dates';
import { partyBounds } from '@tabi/contract/party';
import { WaitlistMsg } from '@tabi/contract/waitlist';
import { type RefObject, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorText, Field } from '../../../components/form/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { joinWaitlist } from '../api/waitlist.ts';
import { type JoinFormOutput, type JoinFormValues, joinFormSchema } from '../lib/join-schema.ts';
import styles from './waitlist.module.css';

export interface WaitlistJoinDialogProps {
  option: { opcd: string; webname: string; min_people: number | null; max_people: number | null };
  /** Sold-out days of the month on show (YYYYMMDD). */
  days: Ymd[];
  onClose(): void;
  /** The button that opened it: the focus goes back there. */
  opener: RefObject<HTMLButtonElement | null>;
}

function dayText(day: Ymd): string {
  return formatMonthDayJa(ymdToLocalDate(day));
}

/**
 * キャンセル待ちに登録 (issue 27): the sold-out day, a mail address and the party size; the server mails a
 * confirmation with the link to see or leave the entry. A refusal is said inside the dialog.
 */
export function WaitlistJoinDialog({ option, days, onClose, opener }: WaitlistJoinDialogProps) {
  const { min, max } = partyBounds(option);
  const [done, setDone] = useState<{ day: Ymd; party: number } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<JoinFormValues, unknown, JoinFormOutput>({
    resolver: zodResolver(joinFormSchema),
    defaultValues: { usedate: days[0] ?? '', mail: '', party: String(Math.max(min, 1)) },
  });

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await joinWaitlist({
        opcd: option.opcd,
        usedate: values.usedate,
        mail: values.mail,
        party: Number(values.party),
        lang: (navigator.language || 'ja').slice(0, 2),
      });
      setDone({ day: values.usedate, party: Number(values.party) });
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.errMsg : WaitlistMsg.rateLimited);
    }
  });

  const parties = Array.from({ length: Math.max(0, max - min + 1) }, (_, i) => min + i);

  return (
    <Modal
      open
      title="キャンセル待ちに登録"
      onClose={onClose}
      returnFocusTo={opener}
      footer={
        done ? null : (
          <button
            type="submit"
            form="waitlist-join-form"
            className="btn btn-primary"
            disabled={isSubmitting}
            aria-busy={isSubmitting}
          >
            登録する
          </button>
        )
      }
    >
      {done ? (
        <output className={styles.done} data-testid="waitlist-joined">
          <p className={styles.lead}>{WaitlistMsg.joined}</p>
          <p>
            {dayText(done.day)}・{done.party}
            名でキャンセル待ちを承りました。お席に空きが出ましたら、ご登録順にメールでご案内します。
          </p>
        </output>
      ) : (
        <form id="waitlist-join-form" className={styles.form} onSubmit={submit} noValidate>
          <p className={styles.lead}>
            満席の日にキャンセルなどで空きが出ましたら、ご登録順にメールでお知らせし、お席を一定時間確保します。
          </p>
          <p className="hint">{option.webname}</p>
          <Field label="ご希望の日付" required error={errors.usedate?.message}>
            {(control) => (
              <select {...control} className="select" {...register('usedate')}>
                {days.map((day) => (
                  <option key={day} value={day}>
                    {dayText(day)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="人数" required error={errors.party?.message} hint="ご一緒に参加される方を含めた人数です。">
            {(control) => (
              <select {...control} className="select" {...register('party')}>
                {parties.map((n) => (
                  <option key={n} value={String(n)}>
                    {n}名
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="メールアドレス" required error={errors.mail?.message}>
            {(control) => (
              <input
                {...control}
                className="input"
                type="email"
                autoComplete="email"
                inputMode="email"
                {...register('mail')}
              />
            )}
          </Field>
          <ErrorText id="waitlist-join-refusal" message={refusal ?? undefined} role="alert" />
        </form>
      )}
    </Modal>
  );
}
