/**
 * What staff do to a booking beyond the customer's own transitions (DESIGN §11): resend a mail, correct the
 * participants, leave an internal note. Each is an event in the booking's history, like every change.
 * (Cancellation on the customer's behalf is `cancelBooking` with a staff actor; requests are answered with
 * `confirmRequest` / `declineRequest`.)
 */
import { isDeepStrictEqual } from 'node:util';
import { maskPassport, normalisePhone } from '@tabi/contract/booking-rules';
import { ErrCd } from '@tabi/contract/constants';
import { isoDateToYmd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import type { Actor } from '../../actor.ts';
import { todayIn } from '../../clock.ts';
import type { AppContextBase } from '../../context-base.ts';
import { AppError } from '../../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { mailIsPurged } from '../retention/service.ts';
import * as sessions from '../session/repository.ts';
import { recordEvent } from './events.ts';
import { isEnded, lifecycleOf } from './lifecycle.ts';
import * as repo from './repository.ts';
import { type BookingInput, checkContact, memberRows, planMembers } from './validate.ts';

async function lockLive(tx: Parameters<typeof repo.lockBooking>[0], rsvno: string): Promise<repo.BookingRow> {
  const booking = await repo.lockBooking(tx, rsvno);
  if (!booking) throw AppError.notFound(Msg.bookingNotFound);
  return booking;
}

/** A mail resent this recently (same kind, same address) is not queued again: a double click, or 20 at once. */
export const RESEND_WINDOW_MS = 60_000;

/**
 * Queues a copy of one of the booking's mails to the same address, once: under the booking's lock, a mail still
 * waiting in the outbox (the original or an earlier copy) or resent within RESEND_WINDOW_MS is refused, so
 * however many resends arrive together, one copy is queued (issue 24.9).
 */
export async function resendMail(ctx: AppContextBase, rsvno: string, mailId: number, actor: Actor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const booking = await lockLive(tx, rsvno);
    const [mail] = await repo.findBookingMails(tx, rsvno, mailId);
    if (!mail) throw AppError.notFound(Msg.mailNotFound);
    // Its body, HTML and attachments are gone (ADR 0162): resending would send an empty mail.
    if (mailIsPurged(mail)) throw AppError.conflict(ErrCd.generic, Msg.mailPurged);
    if (await repo.mailStillQueued(tx, mail)) throw AppError.conflict(ErrCd.generic, Msg.mailResendQueued);
    const last = await repo.lastResent(tx, rsvno, mail.kind, booking.mail);
    if (last && ctx.clock.now().getTime() - last.getTime() < RESEND_WINDOW_MS) {
      throw AppError.conflict(ErrCd.generic, Msg.mailResentJustNow);
    }
    // To the applicant's address as it is now: after a correction (changeContact) the copy reaches the new one.
    const to = booking.mail;
    const { kind, subject, body, html, attachments } = mail;
    await enqueueMail(tx, { kind, rsvno, to, subject, body, html, attachments });
    await recordEvent(tx, ctx.clock.now(), rsvno, actor, 'mail_resent', {
      after: { mail_id: mail.id, kind: mail.kind, to },
    });
  });
}

function asHistory(m: {
  seq: number;
  sei: string;
  mei: string;
  birthday: string | null;
  sex: string;
  nationalityId: number;
  extended: Record<string, unknown>;
}) {
  return {
    seq: m.seq,
    sei: m.sei,
    mei: m.mei,
    birthday: m.birthday,
    sex: m.sex,
    nationality_id: m.nationalityId,
    ...m.extended,
  };
}

/**
 * An operator sees passport numbers as their last 4 (maskPassport): saving the participants with such a number
 * unchanged keeps the stored one instead of writing the mask.
 */
function keepMaskedPassports(
  members: { extended: Record<string, unknown> }[],
  before: { extended: Record<string, unknown> }[],
): void {
  members.forEach((m, i) => {
    const stored = before[i]?.extended.passport_number;
    if (typeof stored === 'string' && m.extended.passport_number === maskPassport(stored)) {
      m.extended.passport_number = stored;
    }
  });
}

/**
 * Corrects the participants' names, birthdays, sex, nationality and extended fields, with the same rules as
 * the booking form. The party's size and age classes stay (they decide the price and the seats).
 */
export async function changeParticipants(
  ctx: AppContextBase,
  rsvno: string,
  memberList: BookingInput['memberList'],
  actor: Actor,
): Promise<void> {
  const booking = await repo.findBooking(ctx.db, rsvno);
  if (!booking) throw AppError.notFound(Msg.bookingNotFound);
  const [line] = await repo.findBookingOptions(ctx.db, rsvno);
  const option = line ? await repo.findOption(ctx.db, line.line.opcd) : undefined;
  if (!line || !option) throw AppError.notFound(Msg.bookingNotFound);
  const { members } = planMembers(memberList, option, isoDateToYmd(line.line.usedate), todayIn(ctx.clock));
  const known = await repo.existingNationalities(
    ctx.db,
    members.map((m) => m.nationalityId).filter((id) => id !== 0),
  );
  if (members.some((m) => m.nationalityId !== 0 && !known.has(m.nationalityId))) {
    throw new AppError(ErrCd.generic, Msg.nationalityInvalid, 422);
  }

  await ctx.db.transaction(async (tx) => {
    const locked = await lockLive(tx, rsvno);
    if (isEnded(lifecycleOf(locked))) {
      throw AppError.conflict(ErrCd.generic, Msg.participantsNotEditable);
    }
    // The participants as they are under the lock: the party's classes must stay, and they are the history's before.
    const before = await repo.findMembers(tx, rsvno);
    keepMaskedPassports(members, before);
    const sameParty =
      members.length === before.length && members.every((m, i) => m.ageclassCode === before[i]?.ageclass);
    if (!sameParty) throw new AppError(ErrCd.generic, Msg.participantsClassChanged, 422);
    const history = { before: { members: before.map(asHistory) }, after: { members: members.map(asHistory) } };
    // Saved unchanged (or sent twice): nothing to write, and no empty event in the history.
    if (isDeepStrictEqual(history.before, history.after)) return;
    await repo.replaceMembers(tx, rsvno, memberRows(rsvno, members));
    await recordEvent(tx, ctx.clock.now(), rsvno, actor, 'participants_changed', history);
  });
}

/**
 * Corrects the applicant's phone and mail (a typo found on the phone with the customer), by the booking form's
 * rules. The customer's my-page login follows the new phone at once, and sessions opened with the old one end
 * (it may have been someone else's number). Mails already sent stay as they were; a resend goes to the new mail.
 */
export async function changeContact(
  ctx: AppContextBase,
  rsvno: string,
  input: { tel: string; mail: string },
  actor: Actor,
): Promise<{ changed: boolean }> {
  const contact = { tel: input.tel.normalize('NFKC').trim(), mail: input.mail.normalize('NFKC').trim() };
  checkContact(contact);
  return ctx.db.transaction(async (tx) => {
    const booking = await lockLive(tx, rsvno);
    const before = { tel: booking.tel, mail: booking.mail };
    if (isDeepStrictEqual(before, contact)) return { changed: false };
    const telNormalized = normalisePhone(contact.tel);
    await repo.updateBooking(tx, rsvno, { ...contact, telNormalized });
    if (telNormalized !== booking.telNormalized) await sessions.deleteSessionsOf(tx, rsvno);
    await recordEvent(tx, ctx.clock.now(), rsvno, actor, 'contact_changed', { before, after: contact });
    return { changed: true };
  });
}

/** An internal note on the booking, for staff only (never shown to the customer). */
export async function addNote(ctx: AppContextBase, rsvno: string, note: string, actor: Actor): Promise<void> {
  const text = note.trim();
  if (text === '') throw new AppError(ErrCd.generic, Msg.noteRequired, 422);
  await ctx.db.transaction(async (tx) => {
    await lockLive(tx, rsvno);
    await recordEvent(tx, ctx.clock.now(), rsvno, actor, 'note_added', { note: text.slice(0, 2000) });
  });
}
