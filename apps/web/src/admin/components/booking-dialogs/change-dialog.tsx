/**
 * 日時を変更 (ADR 0197): staff move a paid booking to another departure of its option, the same party, under the
 * customer's rules (before its day, while a cancellation is free). The dialog shows the new total and the
 * difference; a dearer one answers the link of the difference's checkout, which staff hand to the customer.
 */

import { partyOfLine } from '@tabi/contract/booking';
import type { Departure } from '@tabi/contract/catalog';
import { isoDateToYmd, ymdToIsoDate } from '@tabi/contract/dates';
import { priceAfterDiscount } from '@tabi/contract/discounts';
import { API } from '@tabi/contract/endpoints';
import { partyTotal, unitPricesOf } from '@tabi/contract/party';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Field } from '../../../components/form/field.tsx';
import { adminCall } from '../../lib/admin-api.ts';
import { bookingActions, useConsoleAction } from '../../lib/booking-api.ts';
import { yen } from '../../lib/format.ts';
import { ActionDialog } from '../action-dialog.tsx';
import { type DialogProps, Effect, seatsOf } from './shared.tsx';

const timesOf = (d: Departure) => (d.start_time ? `${d.start_time}${d.end_time ? `〜${d.end_time}` : ''}` : '終日');

export function ChangeDepartureDialog({ detail, open, onClose, onDone }: DialogProps) {
  const { booking } = detail;
  const line = booking.optionList[0];
  const [day, setDay] = useState('');
  const [startTime, setStartTime] = useState<string | null>(null);
  const ymd = day ? isoDateToYmd(day) : '';
  const departures = useQuery({
    queryKey: ['admin', 'change-departures', line?.opcd, ymd],
    queryFn: () =>
      adminCall(API['GET /option/{code}/departures'], { params: { code: line?.opcd ?? '' }, query: { usedate: ymd } }),
    enabled: open && line !== undefined && ymd !== '',
  });
  const list = departures.data?.departures ?? [];
  const chosen = list.find((d) => d.start_time === (startTime ?? list[0]?.start_time));
  const amount = line && chosen ? partyTotal(partyOfLine(line), unitPricesOf(chosen)) : null;
  // The booking's 割引コード discounts the new price too (ADR 0210); the server is sent the price before it.
  const difference = amount === null ? null : priceAfterDiscount(booking.discount, amount) - booking.amountjp;
  const action = useConsoleAction(
    () =>
      bookingActions.changeDeparture(booking.rsvno, {
        usedate: ymd,
        start_time: chosen?.start_time ?? '',
        amountjp: String(amount ?? 0),
      }),
    (answer) =>
      onDone(
        answer.checkout_url
          ? `差額 ${yen(answer.difference)} のお支払いリンクを作成しました。お支払いの完了で日時が変わります：${answer.checkout_url}`
          : answer.difference < 0
            ? `日時を変更し、差額 ${yen(-answer.difference)} を返金しました。`
            : '日時を変更しました。',
      ),
  );
  if (!line) return null;
  const current = `${booking.fromdate.slice(0, 4)}/${booking.fromdate.slice(4, 6)}/${booking.fromdate.slice(6)} ${
    line.start_time ? `${line.start_time}${line.end_time ? `〜${line.end_time}` : ''}` : ''
  }`.trim();
  return (
    <ActionDialog
      open={open}
      title="日時を変更"
      onClose={onClose}
      onSubmit={() => action.mutate(undefined)}
      submitLabel={difference !== null && difference > 0 ? '差額の支払いリンクを作成' : '変更する'}
      disabled={!chosen || amount === null || chosen.closed || chosen.zaikozan < detail.option.seats}
      action={action}
    >
      <p>
        現在：<strong data-testid="change-current">{current}</strong>（同じ人数のまま別の日時へ移します）
      </p>
      <Field label="変更後の日付" required>
        {(c) => (
          <input
            {...c}
            type="date"
            value={day}
            min={ymdToIsoDate(booking.servertime.slice(0, 10).replaceAll('-', ''))}
            onChange={(e) => {
              setDay(e.currentTarget.value);
              setStartTime(null);
            }}
          />
        )}
      </Field>
      {ymd !== '' && (
        <Field label="開始時刻" required>
          {(c) => (
            <select {...c} value={chosen?.start_time ?? ''} onChange={(e) => setStartTime(e.currentTarget.value)}>
              {list.length === 0 && <option value="">この日は販売していません</option>}
              {list.map((d) => (
                <option key={d.start_time} value={d.start_time} disabled={d.closed || d.zaikozan <= 0}>
                  {timesOf(d)}（残り{d.zaikozan}席・大人{yen(d.adultbaika)}）
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {amount !== null && difference !== null && (
        <Effect
          rows={[
            ['変更後の旅行代金', yen(priceAfterDiscount(booking.discount, amount))],
            [
              '差額',
              difference > 0
                ? `${yen(difference)}（お客様のお支払い後に変更）`
                : difference < 0
                  ? `${yen(-difference)}を返金`
                  : 'なし',
            ],
            ['座席', `${seatsOf(detail)}を変更後の日時へ移動`],
            ['メール', '日時変更のお知らせをお客様へ送信'],
          ]}
        />
      )}
    </ActionDialog>
  );
}
