/**
 * The actions of 予約詳細, each behind a confirmation that says its effect in yen and seats before it is sent.
 * The server decides (the booking lifecycle refuses what the state does not allow); its Japanese refusal is
 * shown in the dialog, which stays open.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminMail,
  type BookingDetail,
  type ContactRequest,
  contactRequest,
  FEE_REASON_MAX,
  NOTE_MAX,
  type NoteRequest,
  noteRequest,
  type ParticipantsRequest,
  participantsRequest,
  type RentalsRequest,
  rentalsRequest,
  type StaffCancelRequest,
  staffCancelRequest,
} from '@tabi/contract/admin-bookings';
import { bookingState } from '@tabi/contract/booking-rules';
import { AGE_CLASS_LABEL, ageClassFromCode, GENDER_LABEL } from '@tabi/contract/constants';
import { tokyoYmd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import {
  RENTAL_FIELD_LABEL,
  type RentalChoice,
  type RentalField,
  rentalChoices,
  rentalFields,
  rentalTypeOf,
  rentalValueLabel,
} from '@tabi/contract/rental';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, type ReactNode, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../components/form/field.tsx';
import { choose } from '../../features/reservation/lib/member-schema.ts';
import { errorText } from '../lib/admin-api.ts';
import { bookingActions, useBookingDetail, useConsoleAction, useNationalities } from '../lib/booking-api.ts';
import { inputToYmd, tokyoDateTime, yen, ymdToInput } from '../lib/format.ts';
import { ActionDialog, type ActionDialogProps } from './action-dialog.tsx';
import { choicesOf, Options } from './filters.tsx';
import { Facts } from './page.tsx';

interface DialogProps {
  detail: BookingDetail;
  open: boolean;
  onClose(): void;
  /** Called with the message the page announces once the action succeeded. */
  onDone(message: string): void;
}

function Effect({ rows }: { rows: [string, string][] }) {
  return <Facts rows={rows} className="adm-effect" />;
}

const seatsOf = (d: BookingDetail) => `${d.option.seats}名`;

/**
 * An action that sends nothing but the booking (confirm, decline, reconcile): submitting the dialog sends it, and
 * the page says `done`'s message once it succeeded.
 */
function CommandDialog<R>({
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

export function ConfirmRequestDialog(props: DialogProps) {
  const { detail } = props;
  return (
    <CommandDialog
      {...props}
      run={bookingActions.confirm}
      done={(r) => `リクエストを確定しました。お支払い期限：${tokyoDateTime(r.paymentDeadline)}`}
      title="リクエストを確定（手配済みにする）"
      submitLabel="確定する"
      returnFocus="heading"
    >
      <p>
        予約 {detail.booking.rsvno}{' '}
        {'を「仮予約（手配済）」にし、お客様に手配完了のメールを送ります。' +
          'お客様はお支払い期限（72時間後、ただし利用日の前日まで）までマイページから決済できます。'}
      </p>
      <Effect
        rows={[
          ['お支払いいただく金額', yen(detail.booking.amountjp)],
          ['座席', `${seatsOf(detail)}（確保したまま）`],
        ]}
      />
    </CommandDialog>
  );
}

export function DeclineRequestDialog(props: DialogProps) {
  const { detail } = props;
  return (
    <CommandDialog
      {...props}
      run={bookingActions.decline}
      done={() => 'リクエストをお断りしました（キャンセル済み）。'}
      title="リクエストをお断りする"
      submitLabel="お断りする"
      returnFocus="heading"
      danger
    >
      <p>予約 {detail.booking.rsvno} をキャンセルし、お客様にお断りのメールを送ります。この操作は取り消せません。</p>
      <Effect
        rows={[
          ['お客様のお支払い', `${yen(0)}（未決済のため返金なし）`],
          ['在庫に戻す座席', seatsOf(detail)],
        ]}
      />
    </CommandDialog>
  );
}

const FEE_PATTERN = /^\d{1,9}$/;
const FEE_INVALID = '0円以上の整数で入力してください。';

/** A fee typed as the clerk may type it: full-width digits and thousands separators read. */
const typedFee = (text: string) => text.normalize('NFKC').replace(/[,，]/g, '').trim();

/**
 * The cancellation form: a fee of one's own (特例) needs a whole number of yen and a reason; what it sends is the
 * contract's staffCancelRequest (the refund the clerk was shown is added when it is sent).
 */
const cancelForm = z
  .object({ override: z.boolean(), fee: z.string(), reason: z.string() })
  .superRefine((v, ctx) => {
    if (!v.override) return;
    if (!FEE_PATTERN.test(typedFee(v.fee))) ctx.addIssue({ code: 'custom', path: ['fee'], message: FEE_INVALID });
    if (v.reason.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: Msg.feeOverrideReasonRequired });
    }
  })
  .transform((v) => (v.override ? { feeOverride: { amount: Number(typedFee(v.fee)), reason: v.reason } } : {}))
  .pipe(staffCancelRequest);
type CancelFormValues = z.input<typeof cancelForm>;
type CancelBody = z.output<typeof cancelForm>;
const NO_OVERRIDE: CancelFormValues = { override: false, fee: '', reason: '' };

export function CancelDialog({ detail, open, onClose, onDone }: DialogProps) {
  const rsvno = detail.booking.rsvno;
  const form = useForm<CancelFormValues, unknown, CancelBody>({
    resolver: zodResolver(cancelForm),
    defaultValues: NO_OVERRIDE,
    mode: 'onChange',
  });
  const { errors } = form.formState;
  const [override, fee] = useWatch({ control: form.control, name: ['override', 'fee'] });
  const feeValid = FEE_PATTERN.test(typedFee(fee));
  const feeAmount = override && feeValid ? Number(typedFee(fee)) : undefined;
  const action = useConsoleAction(
    (body: StaffCancelRequest) => bookingActions.cancel(rsvno, body),
    (r) => onDone(`キャンセルしました。キャンセル料 ${yen(r.cancelfee)}、返金 ${yen(r.refund)}。`),
  );
  // Not while the cancellation is on its way or done: the refresh every action ends with would ask for a quote of a
  // booking already canceled (refused, 409) while the dialog is still closing.
  const quoting = open && !action.isPending && !action.isSuccess;
  const quote = useQuery({
    queryKey: ['admin', 'booking', rsvno, 'cancel-quote', feeAmount ?? null],
    queryFn: () => bookingActions.cancelQuote(rsvno, feeAmount === undefined ? {} : { fee: feeAmount }),
    enabled: quoting,
    retry: false,
    staleTime: 0,
  });
  const policy = useQuery({
    queryKey: ['admin', 'booking', rsvno, 'cancel-quote', null],
    queryFn: () => bookingActions.cancelQuote(rsvno, {}),
    enabled: quoting,
    retry: false,
  });
  // What was paid does not depend on the fee typed: shown even while that fee is refused.
  const paid = (quote.data ?? policy.data)?.paid;
  const feeMissing = override && !feeValid;
  const close = () => {
    form.reset(NO_OVERRIDE);
    onClose();
  };
  const send = (body: CancelBody) => {
    if (quote.data) action.mutate({ ...body, expectedRefund: quote.data.refund });
  };
  return (
    <ActionDialog
      open={open}
      title="お客様に代わってキャンセル"
      onClose={close}
      onSubmit={() => void form.handleSubmit(send)()}
      submitLabel="キャンセルを確定する"
      returnFocus="heading"
      danger
      wide
      action={action}
      disabled={!quote.data || quote.isFetching}
      error={quote.error ? errorText(quote.error) : null}
    >
      <p>
        予約 {rsvno}{' '}
        {paid === 0
          ? 'をキャンセルし、お客様にキャンセルのメールを送ります（お支払いがないため返金はありません）。この操作は取り消せません。'
          : 'をキャンセルし、決済代行会社を通じて返金し、お客様にキャンセルのメールを送ります。この操作は取り消せません。'}
      </p>
      <Effect
        rows={[
          ['ご予約金額', yen(detail.booking.amountjp)],
          ['お支払い済み', paid === undefined ? '…' : yen(paid)],
          ['規定のキャンセル料', policy.data ? yen(policy.data.cancelfee) : '…'],
          // While a fee of one's own is not a number yet, its effect is not shown as the policy's.
          ['適用するキャンセル料', feeMissing ? '—' : quote.data ? yen(quote.data.cancelfee) : '…'],
          ['返金額', feeMissing ? '—' : quote.data ? yen(quote.data.refund) : '…'],
          [
            '在庫に戻す座席',
            // Staff may cancel on or after the day (a no-show): its seats go back to a day no longer sold.
            detail.booking.fromdate < tokyoYmd(new Date())
              ? `${seatsOf(detail)}（利用日を過ぎているため、販売には影響しません）`
              : seatsOf(detail),
          ],
        ]}
      />
      {paid === 0 ? (
        <p className="adm-muted">お支払いのないご予約のため、キャンセル料はかかりません。</p>
      ) : (
        <label className="adm-check">
          <input
            type="checkbox"
            {...form.register('override', {
              onChange: (e: ChangeEvent<HTMLInputElement>) => {
                if (e.target.checked && form.getValues('fee') === '' && policy.data) {
                  form.setValue('fee', String(policy.data.cancelfee));
                }
              },
            })}
          />
          キャンセル料を変更する（特例）
        </label>
      )}
      {override && (
        <div className="adm-override">
          <Field label="キャンセル料（円）" error={errors.fee?.message}>
            {(c) => <input {...c} inputMode="numeric" {...form.register('fee')} />}
          </Field>
          <Field
            label="変更の理由"
            required
            hint="履歴に残ります（お客様には表示されません）。お客様へのメールには「キャンセル料は、当社の判断により設定いたしました。」と記載されます。"
            error={errors.reason?.message}
          >
            {(c) => <textarea {...c} rows={2} maxLength={FEE_REASON_MAX} {...form.register('reason')} />}
          </Field>
        </div>
      )}
    </ActionDialog>
  );
}

interface ResendProps {
  rsvno: string;
  mail: Pick<AdminMail, 'id' | 'subject' | 'to' | 'kind'> | null;
  open: boolean;
  onClose(): void;
  onDone(message: string): void;
}

/** What each mail tells the customer, as the resend dialog says it. */
export const MAIL_CLAIM: Record<string, string> = {
  request_received: 'リクエストを受け付けたこと（予約は未確定）',
  booking_paid: 'ご予約とお支払いが完了し、予約が確定したこと',
  request_confirmed: 'リクエストの手配が完了し、期限までにお支払いいただくこと',
  request_declined: 'リクエストの手配ができなかったこと',
  request_withdrawn: 'お客様のご依頼でリクエストを取り消したこと',
  cancellation: 'キャンセルを承ったこと（キャンセル料と返金額）',
  payment_refunded: 'お支払いを返金したこと',
  day_before: '明日のご利用の集合場所・時間と当日のご案内',
};
/** Mails that tell the customer the booking stands: misleading once it is canceled. */
const LIVE_BOOKING_MAILS = new Set(['request_received', 'booking_paid', 'request_confirmed', 'day_before']);

/**
 * Resend one of a booking's mails (予約詳細 and the mail list); mails without a booking cannot be resent. The
 * dialog says what the mail tells the customer and the booking's state now, and warns when the two disagree (a
 * 「ご予約とお支払いが完了しました」 of a booking since canceled). The server queues one copy however often it is
 * asked, and none while the mail still waits to be sent (issue 24.9).
 */
export function ResendMailDialog({ rsvno, mail, open, onClose, onDone }: ResendProps) {
  const booking = useBookingDetail(rsvno, open && mail !== null && rsvno !== '');
  const action = useConsoleAction(
    (sent: Pick<AdminMail, 'id' | 'subject'>) => bookingActions.resendMail(rsvno, { mailId: sent.id }),
    (_, sent) => onDone(`メール「${sent.subject}」を再送しました（送信キューに追加）。`),
  );
  const shown = booking.data?.booking;
  const canceled = shown !== undefined && bookingState(shown, shown.servertime) === 'canceled';
  const misleading = mail !== null && canceled && LIVE_BOOKING_MAILS.has(mail.kind);
  return (
    <ActionDialog
      open={open && mail !== null}
      title="メールを再送する"
      onClose={onClose}
      onSubmit={() => mail && action.mutate(mail)}
      submitLabel={misleading ? 'それでも再送する' : '再送する'}
      action={action}
      danger={misleading}
    >
      {mail && (
        <>
          <p>同じ内容のメールをもう一度送ります。予約の内容・金額・座席は変わりません。</p>
          <Effect
            rows={[
              ['予約番号', rsvno],
              ['件名', mail.subject],
              // The copy goes to the applicant's address as it is now (a corrected one, issue 28).
              ['宛先', shown && shown.mail !== mail.to ? `${shown.mail}（元の宛先 ${mail.to} から訂正済み）` : mail.to],
              ['メールの内容', MAIL_CLAIM[mail.kind] ?? '—'],
              ['現在の予約状態', booking.data?.statusLabel ?? '…'],
              ['金額・座席', '変更なし'],
            ]}
          />
          {misleading && (
            <p className="adm-alert" role="alert">
              この予約は現在キャンセル済みです。このメールは、{MAIL_CLAIM[mail.kind]}
              をお知らせする内容です。再送すると、お客様が予約は有効だと誤解するおそれがあります。キャンセルをお知らせする場合は、キャンセルのメールを再送してください。
            </p>
          )}
        </>
      )}
    </ActionDialog>
  );
}

/** A participant as the dialog holds it: the request's member, the birthday as the date input shows it. */
interface MemberValues {
  seq: string;
  sei: string;
  mei: string;
  birthday: string;
  sex: string;
  ageclass: string;
  nationality_id: string;
  extended_fields: { extended_participant_fields: { passport_number: string; vegetarian_meals: boolean } };
}
interface ParticipantsValues {
  memberList: MemberValues[];
}

function participantValues(detail: BookingDetail): ParticipantsValues {
  return {
    memberList: detail.booking.memberList.map((m) => ({
      seq: m.seq,
      sei: m.sei,
      mei: m.mei,
      birthday: ymdToInput(m.birthday),
      sex: m.sex,
      ageclass: m.ageclass,
      nationality_id: String(m.nationality_id),
      extended_fields: {
        extended_participant_fields: {
          passport_number: m.extended_datas.extended_participant_fields.passport_number ?? '',
          vegetarian_meals: m.extended_datas.extended_participant_fields.vegetarian_meals ?? false,
        },
      },
    })),
  };
}

/**
 * The participants read into the contract's participantsRequest, and checked by it (the booking form's rules, its
 * messages at the fields' own paths): the birthday as YYYYMMDD, only the extended fields the option asks for.
 */
function participantsForm(asked: { passport: boolean; vegetarian: boolean; erased: boolean }) {
  return z
    .custom<ParticipantsValues>()
    .superRefine((v, ctx) => {
      // An empty date picker is asked for as the booking form asks, before the request's YYYYMMDD check.
      v.memberList.forEach((m, i) => {
        if (!m.birthday && !asked.erased) {
          ctx.addIssue({ code: 'custom', path: ['memberList', i, 'birthday'], message: choose('生年月日') });
        }
      });
    })
    .transform(
      (v): ParticipantsRequest => ({
        memberList: v.memberList.map(({ extended_fields: { extended_participant_fields: x }, ...m }) => ({
          ...m,
          // Erased after the stay: none of it is sent again (the server refuses it).
          birthday: asked.erased ? '' : inputToYmd(m.birthday),
          extended_fields: {
            extended_participant_fields: {
              ...(asked.passport ? { passport_number: x.passport_number } : {}),
              ...(asked.vegetarian ? { vegetarian_meals: x.vegetarian_meals } : {}),
            },
          },
        })),
      }),
    )
    .pipe(participantsRequest);
}

/** A change to every participant at once (their details, their rentals); the money and the seats stay. */
function MembersDialog({
  detail,
  open,
  onClose,
  onSubmit,
  action,
  title,
  intro,
  children,
}: Pick<DialogProps, 'detail' | 'open' | 'onClose'> &
  Pick<ActionDialogProps, 'onSubmit' | 'action' | 'title' | 'children'> & { intro: ReactNode }) {
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

export function ParticipantsDialog({ detail, open, onClose, onDone }: DialogProps) {
  const nationalities = useNationalities(open);
  // The booking's passport numbers, birthdays and diet choices were erased after the stay: names etc. only.
  const erased = detail.events.some((e) => e.action === 'personal_data_erased');
  const passport = detail.option.extendedFields.includes('passport_number') && !erased;
  const vegetarian = detail.option.extendedFields.includes('vegetarian_meals') && !erased;
  const schema = useMemo(() => participantsForm({ passport, vegetarian, erased }), [passport, vegetarian, erased]);
  const form = useForm<ParticipantsValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: participantValues(detail),
  });
  const { errors } = form.formState;
  const action = useConsoleAction(
    (body: ParticipantsRequest) => bookingActions.participants(detail.booking.rsvno, body),
    () => onDone('参加者の情報を変更しました。'),
  );
  return (
    <MembersDialog
      detail={detail}
      open={open}
      onClose={() => {
        form.reset(participantValues(detail));
        onClose();
      }}
      onSubmit={() => void form.handleSubmit((body) => action.mutate(body))()}
      action={action}
      title="参加者の情報を修正"
      intro={
        erased ? (
          <p>
            氏名・性別・国籍を修正します。生年月日・パスポート番号・食事のご希望は保存期間を過ぎて消去済みのため、入力できません。人数と年齢区分は料金と座席に関わるため変更できません。
          </p>
        ) : (
          <p>
            氏名・生年月日・性別・国籍{passport ? '・パスポート番号' : ''}
            {vegetarian ? '・ベジタリアン' : ''}
            を修正します（お申し込みフォームと同じ規則で確認します）。人数と年齢区分は料金と座席に関わるため変更できません。
          </p>
        )
      }
    >
      {detail.booking.memberList.map((member, i) => {
        const ageClass = ageClassFromCode(member.ageclass);
        const error = errors.memberList?.[i];
        return (
          <fieldset key={member.seq} className="adm-member">
            <legend>
              参加者{member.seq}（{ageClass ? AGE_CLASS_LABEL[ageClass] : member.ageclass}）
            </legend>
            <Field label="姓" error={error?.sei?.message}>
              {(c) => <input {...c} maxLength={30} {...form.register(`memberList.${i}.sei`)} />}
            </Field>
            <Field label="名" error={error?.mei?.message}>
              {(c) => <input {...c} maxLength={30} {...form.register(`memberList.${i}.mei`)} />}
            </Field>
            {!erased && (
              <Field label="生年月日" error={error?.birthday?.message}>
                {(c) => <input {...c} type="date" {...form.register(`memberList.${i}.birthday`)} />}
              </Field>
            )}
            <Field label="性別" error={error?.sex?.message}>
              {(c) => (
                <select {...c} {...form.register(`memberList.${i}.sex`)}>
                  <Options options={GENDER_CHOICES} />
                </select>
              )}
            </Field>
            <Field label="国籍" error={error?.nationality_id?.message}>
              {(c) => (
                // Kept by the form rather than the select: the list arrives after the dialog opens.
                <Controller
                  control={form.control}
                  name={`memberList.${i}.nationality_id`}
                  render={({ field }) => (
                    <select {...c} {...field}>
                      <option value="0">未選択</option>
                      {(nationalities.data ?? []).map((n) => (
                        <option key={n.id} value={String(n.id)}>
                          {n.nationality_nm}
                        </option>
                      ))}
                      {!nationalities.data && field.value !== '0' && (
                        <option value={field.value}>{member.nationality_nm}</option>
                      )}
                    </select>
                  )}
                />
              )}
            </Field>
            {passport && (
              <Field
                label="パスポート番号"
                error={error?.extended_fields?.extended_participant_fields?.passport_number?.message}
              >
                {(c) => (
                  <input
                    {...c}
                    maxLength={20}
                    {...form.register(`memberList.${i}.extended_fields.extended_participant_fields.passport_number`)}
                  />
                )}
              </Field>
            )}
            {vegetarian && (
              <label className="adm-check">
                <input
                  type="checkbox"
                  {...form.register(`memberList.${i}.extended_fields.extended_participant_fields.vegetarian_meals`)}
                />
                ベジタリアン食を希望する
              </label>
            )}
          </fieldset>
        );
      })}
    </MembersDialog>
  );
}

const GENDER_CHOICES = choicesOf(GENDER_LABEL);

interface RentalsValues {
  rentskiList: (RentalChoice & { seq: string })[];
}
/** The console's labels: the boots' sizes are listed bare, so their label says the unit. */
const RENTAL_LABEL: Record<RentalField, string> = { ...RENTAL_FIELD_LABEL, boots_size: 'ブーツ（cm）' };

function rentalValues(detail: BookingDetail): RentalsValues {
  return {
    rentskiList: detail.booking.memberList.map((m) => {
      const r = detail.booking.rentskiList.find((x) => x.seq === m.seq);
      return {
        seq: m.seq,
        model: rentalTypeOf(r?.model ?? ''),
        boots_size: r?.boots_size ?? '',
        wear_size: r?.wear_size ?? '',
      };
    }),
  };
}

/** The rentals read into the contract's rentalsRequest, and checked by it. */
const rentalsForm = z
  .custom<RentalsValues>()
  .transform(
    (v): RentalsRequest => ({
      rentskiList: v.rentskiList.map((r) => ({ ...r, model: rentalTypeOf(r.model), accessory: '' })),
    }),
  )
  .pipe(rentalsRequest);

export function RentalsDialog({ detail, open, onClose, onDone }: DialogProps) {
  const form = useForm<RentalsValues, unknown, z.output<typeof rentalsForm>>({
    resolver: zodResolver(rentalsForm),
    defaultValues: rentalValues(detail),
  });
  const { errors } = form.formState;
  const action = useConsoleAction(
    (body: RentalsRequest) => bookingActions.rentals(detail.booking.rsvno, body),
    () => onDone('レンタル内容を変更しました。'),
  );
  return (
    <MembersDialog
      detail={detail}
      open={open}
      onClose={() => {
        form.reset(rentalValues(detail));
        onClose();
      }}
      onSubmit={() => void form.handleSubmit((body) => action.mutate(body))()}
      action={action}
      title="レンタル内容を変更"
      intro={<p>レンタルの種類とサイズを変更します（マイページのレンタル変更と同じ規則で確認します）。</p>}
    >
      {detail.booking.memberList.map((member, i) => {
        const ageClass = ageClassFromCode(member.ageclass) ?? 'adult';
        return (
          <fieldset key={member.seq} className="adm-member">
            <legend>
              参加者{member.seq}：{member.sei} {member.mei}（{AGE_CLASS_LABEL[ageClass]}）
            </legend>
            {rentalFields(detail.option.rentalcd).map((name) => (
              <Field key={name} label={RENTAL_LABEL[name]} error={errors.rentskiList?.[i]?.[name]?.message}>
                {(c) => (
                  // Kept by the form rather than the select: 「選択してください」 is offered only while nothing is.
                  <Controller
                    control={form.control}
                    name={`rentskiList.${i}.${name}`}
                    render={({ field }) => (
                      <select {...c} {...field}>
                        {field.value === '' && <option value="">選択してください</option>}
                        {rentalChoices(name, ageClass).map((value) => (
                          <option key={value} value={value}>
                            {name === 'model' ? rentalValueLabel(name, value) : value}
                          </option>
                        ))}
                      </select>
                    )}
                  />
                )}
              </Field>
            ))}
          </fieldset>
        );
      })}
    </MembersDialog>
  );
}

/** 連絡先の訂正: the applicant's phone and mail, checked by the server with the booking form's rules. */
export function ContactDialog({ detail, open, onClose, onDone }: DialogProps) {
  const rsvno = detail.booking.rsvno;
  const form = useForm<ContactRequest, unknown, z.output<typeof contactRequest>>({
    resolver: zodResolver(contactRequest),
    defaultValues: { tel: detail.tel, mail: detail.booking.mail },
  });
  const [tel, mail] = useWatch({ control: form.control, name: ['tel', 'mail'] });
  const action = useConsoleAction(
    (body: ContactRequest) => bookingActions.contact(rsvno, body),
    (result) => onDone(result.changed ? '連絡先を訂正しました。' : '連絡先は変わっていません。'),
  );
  const { errors } = form.formState;
  return (
    <ActionDialog
      open={open}
      title="連絡先を訂正"
      onClose={onClose}
      onSubmit={() => void form.handleSubmit((body) => action.mutate(body))()}
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
  const form = useForm<NoteRequest, unknown, z.output<typeof noteRequest>>({
    resolver: zodResolver(noteRequest),
    defaultValues: { note: '' },
  });
  const note = useWatch({ control: form.control, name: 'note' });
  const action = useConsoleAction(
    (body: NoteRequest) => bookingActions.note(rsvno, body),
    () => {
      form.reset({ note: '' });
      onDone('社内メモを追加しました。');
    },
  );
  return (
    <ActionDialog
      open={open}
      title="社内メモを追加"
      onClose={onClose}
      onSubmit={() => void form.handleSubmit((body) => action.mutate(body))()}
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

export function ReconcileDialog(props: DialogProps) {
  const { detail } = props;
  const pending = detail.providerCalls.filter((c) => c.state === 'begun' || c.state === 'open' || c.stuck);
  const refunds = pending.filter((c) => c.kind === 'refund').reduce((sum, c) => sum + c.amount, 0);
  return (
    <CommandDialog
      {...props}
      run={bookingActions.reconcile}
      done={(r) =>
        `照合しました：返金 ${r.refundsSent}件、決済の反映 ${r.paymentsFulfilled}件、キャンセル確定 ${r.cancellationsFinished}件` +
        (r.refundsFailed > 0 || r.errors.length > 0 ? `、失敗 ${r.refundsFailed + r.errors.length}件` : '') +
        '。'
      }
      title="今すぐ照合"
      submitLabel="照合する"
    >
      <p>
        {'この予約の未完了の決済処理を、決済代行会社の記録に照らして今すぐ完了させます（通常は1分ごとに自動で行われます）。' +
          '支払われた決済は予約に反映し、未送信の返金は同じ内容で送り直し、返金が揃ったキャンセルを確定します。'}
      </p>
      <Effect
        rows={[
          ['未完了の処理', `${pending.length}件`],
          ['送信待ちの返金', yen(refunds)],
          [
            '座席',
            detail.canceledAt && detail.booking.status === 1 ? `キャンセル確定で${seatsOf(detail)}を戻す` : '変更なし',
          ],
        ]}
      />
    </CommandDialog>
  );
}
