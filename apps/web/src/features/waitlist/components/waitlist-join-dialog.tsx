import { zodResolver } from '@hookform/resolvers/zod';
import type { Ymd } from '@tabi/contract/dates';
import { partyBounds } from '@tabi/contract/party';
import { type RefObject, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorText, Field } from '../../../components/form/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { useLang, useTextLang } from '../../../i18n/lang.tsx';
import { calendarDay } from '../../../i18n/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { joinWaitlist } from '../api/waitlist.ts';
import { type JoinFormOutput, type JoinFormValues, joinFormSchema } from '../lib/join-schema.ts';
import { useWaitlistMessages } from '../lib/messages.ts';
import styles from './waitlist.module.css';

export interface WaitlistJoinDialogProps {
  option: { opcd: string; webname: string; min_people: number | null; max_people: number | null };
  /** Sold-out days of the month on show (YYYYMMDD). */
  days: Ymd[];
  onClose(): void;
  /** The button that opened it: the focus goes back there. */
  opener: RefObject<HTMLButtonElement | null>;
}

/**
 * キャンセル待ちに登録 (ADR 0167): the sold-out day, a mail address and the party size; the server mails a
 * confirmation with the link to see or leave the entry. A refusal is said inside the dialog.
 */
export function WaitlistJoinDialog({ option, days, onClose, opener }: WaitlistJoinDialogProps) {
  const t = useWaitlistMessages();
  const _format = useFormat();
  const lang = useLang();
  const textLang = useTextLang();
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
        // As a booking's: the browser's on the Japanese pages, English on the English ones.
        lang: lang === 'ja' ? (navigator.language || 'ja').slice(0, 2) : lang,
      });
      setDone({ day: values.usedate, party: Number(values.party) });
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.errMsg : t('rateLimited'));
    }
  });

  const parties = Array.from({ length: Math.max(0, max - min + 1) }, (_, i) => min + i);

  return (
    <Modal
      open
      title={t('join')}
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
            {t('submit')}
          </button>
        )
      }
    >
      {done ? (
        <output className={styles.done} data-testid="waitlist-joined">
          <p className={styles.lead}>{t('joined')}</p>
          <p>{t('joinedDetail', { day: t('dayLabel', { day: calendarDay(done.day) }), party: done.party })}</p>
        </output>
      ) : (
        <form id="waitlist-join-form" className={styles.form} onSubmit={submit} noValidate>
          <p className={styles.lead}>{t('joinLead')}</p>
          <p className="hint" lang={textLang(option.webname)}>
            {option.webname}
          </p>
          <Field label={t('day')} required error={errors.usedate?.message}>
            {(control) => (
              <select {...control} className="select" {...register('usedate')}>
                {days.map((day) => (
                  <option key={day} value={day}>
                    {t('dayLabel', { day: calendarDay(day) })}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('party')} required error={errors.party?.message} hint={t('partyHint')}>
            {(control) => (
              <select {...control} className="select" {...register('party')}>
                {parties.map((n) => (
                  <option key={n} value={String(n)}>
                    {t('people', { n })}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('mail')} required error={errors.mail?.message}>
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
