import type { ChangeDepartureAnswer } from '@tabi/contract/booking';
import { useMutation } from '@tanstack/react-query';
import { pageLang } from '../../../i18n/lang.tsx';
import { API, call } from '../../../lib/api-client.ts';

export interface ChangeDepartureInput {
  rsvno: string;
  /** YYYYMMDD */
  usedate: string;
  startTime: string;
  /** The new total the customer was shown. */
  amount: number;
}

/** POST /booking/change (ADR 0197): made at once, or the checkout of the difference to pay. */
export function changeDeparture(input: ChangeDepartureInput): Promise<ChangeDepartureAnswer> {
  return call(API['POST /booking/change'], {
    body: {
      rsvno: input.rsvno,
      usedate: input.usedate,
      start_time: input.startTime,
      amountjp: String(input.amount),
      lang: pageLang(),
    },
  });
}

export function useChangeDeparture() {
  return useMutation({ mutationFn: changeDeparture });
}
