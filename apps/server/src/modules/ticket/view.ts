/**
 * What a ticket printed or in Wallet says (ADR 0214), gathered once for both: the QR code's text, the booking number,
 * each option with its day and start time, the travellers and the meeting point. Only a booking that has a ticket
 * (ADR 0212: it holds its seats and is paid) has one; any other is not found, as a ticket that does not exist.
 */
import { formatDay, formatTimes, isoDateToYmd, type Ymd } from '@tabi/contract/dates';
import type { AppContextBase } from '../../context-base.ts';
import { AppError } from '../../errors.ts';
import { lifecycleOf } from '../booking/lifecycle.ts';
import * as repo from '../booking/repository.ts';
import { ticketOf } from './service.ts';

export interface TicketLine {
  /** The option's name, in Japanese (the font and the staff at the door read it). */
  name: string;
  day: Ymd;
  /** 2026/12/10（木）. */
  date: string;
  /** The departure's start time (ADR 0196), '' for an option without one. */
  start: string;
  /** 13:00〜15:00, 13:00, or ''. */
  times: string;
}

export interface TicketView {
  rsvno: string;
  /** The QR code's text (ADR 0212). */
  code: string;
  lines: TicketLine[];
  /** Each traveller's name; the applicant's when the booking lists none. */
  travellers: string[];
  meetpoint: string;
  issuer: { companyName: string; tel: string };
}

/** The ticket of `rsvno`, or not found when the booking has none (not paid, canceled, gone). */
export async function ticketView(ctx: AppContextBase, rsvno: string): Promise<TicketView> {
  const booking = await repo.findBooking(ctx.db, rsvno);
  if (!booking || lifecycleOf(booking) !== 'paid') throw AppError.notFound();
  const [ticket, lines, members] = await Promise.all([
    ticketOf(ctx.db, rsvno),
    repo.findBookingOptions(ctx.db, rsvno),
    repo.findMembers(ctx.db, rsvno),
  ]);
  const names = members.map((m) => `${m.sei} ${m.mei}`.trim()).filter((name) => name !== '');
  return {
    rsvno,
    code: ticket.code,
    lines: lines.map(({ line, option }) => {
      const day = isoDateToYmd(line.usedate);
      return {
        name: option.webname,
        day,
        date: formatDay(day, 'ja', { weekday: true }),
        start: line.startTime,
        times: formatTimes(line.startTime, line.endTime, 'ja'),
      };
    }),
    travellers: names.length > 0 ? names : [`${booking.sei} ${booking.mei}`.trim()],
    meetpoint: booking.meetpoint ?? lines.find((l) => l.option.meetpoint)?.option.meetpoint ?? '',
    issuer: { companyName: ctx.config.legal.companyName, tel: ctx.config.legal.tel },
  };
}
