/**
 * What staff do to a booking beyond the customer's own transitions (DESIGN §11): resend a mail, correct the
 * participants, leave an internal note. Each is an event in the booking's history, like every change.
 * (Cancellation on the customer's behalf is `cancelBooking` with a staff actor; requests are answered with
 * `confirmRequest` / `declineRequest`.)
 */
import { isDeepStrictEqual } from 'node:util';
import { isYes, maskPassport, nameProblem, normalisePhone } from '@tabi/contract/booking-rules';
import { ErrCd } from '@tabi/contract/constants';
import { isoDateToYmd } from '@tabi/contract/dates';
import { Msg, participantTitle } from '@tabi/contract/messages';
import { say } from '@tabi/contract/said';
import type { Actor } from '../../actor.ts';
import { todayIn } from '../../clock.ts';
import type { AppContextBase } from '../../context-base.ts';
import { AppError } from '../../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { mailIsPurged } from '../retention/service.ts';
import * as sessions from '../session/repository.ts';
import { scrub } from './erase.ts';
import { recordEvent } from './events.ts';
import { isEnded, lifecycleOf } from './lifecycle.ts';
import { findBookingMails, lastResent, mailStillQueued } from './mails.ts';
import type { NewMember } from './repository.ts';
import * as repo from './repository.ts';
import { type BookingInput, checkContact, memberRows, planMembers } from './validate.ts';

async function lockLive(tx: Parameters<typeof repo.lockBooking>[0], rsvno: string): Promise<repo.BookingRow> {
  const booking = await repo.lockBooking(tx, rsvno);
  if (!booking) throw AppError.notFound(say('bookingNotFound'));
  return booking;
}

/** A mail resent this recently (same kind, same address) is not queued again: a double click, or 20 at once. */
export const RESEND_WINDOW_MS = 60_000;

/**
 * Queues a copy of one of the booking's mails to the same address, once: under the booking's lock, a mail still
 * waiting in the outbox (the original or an earlier copy) or resent within RESEND_WINDOW_MS is refused, so
 * however many resends arrive together, one copy is queued.
 */
export async function resendMail(ctx: AppContextBase, rsvno: string, mailId: number, actor: Actor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const booking = await lockLive(tx, rsvno);
    const [mail] = await findBookingMails(tx, rsvno, mailId);
    if (!mail) throw AppError.notFound(say('mailNotFound'));
    // Its body, HTML and attachments are gone (ADR 0162): resending would send an empty mail.
    if (mailIsPurged(mail)) throw AppError.conflict(ErrCd.generic, say('mailPurged'));
    if (await mailStillQueued(tx, mail)) throw AppError.conflict(ErrCd.generic, say('mailResendQueued'));
    const last = await lastResent(tx, rsvno, mail.kind, booking.mail);
    if (last && ctx.clock.now().getTime() - last.getTime() < RESEND_WINDOW_MS) {
      throw AppError.conflict(ErrCd.generic, say('mailResentJustNow'));
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

/** Whether a participant as sent carries any of the data the privacy erasure removes. */
function carriesErased(m: BookingInput['memberList'][number]): boolean {
  const given = m.extended_fields?.extended_participant_fields ?? {};
  const passport = given.passport_number;
  return m.birthday !== '' || (typeof passport === 'string' && passport.trim() !== '') || isYes(given.vegetarian_meals);
}

/**
 * After the erasure (privacy/service.ts): the names, sex and nationality only, by the booking form's name rules; the
 * birthdays and extended fields stay empty, and a participant who brings any of them back is refused.
 */
function planAfterErasure(memberList: BookingInput['memberList'], rsvno: string): NewMember[] {
  if (memberList.some(carriesErased)) throw AppError.conflict(ErrCd.generic, Msg.staffParticipantsErased);
  return memberList.map((m, index) => {
    const seq = index + 1;
    if (Number(m.seq) !== seq || !/^\d+$/.test(m.seq)) throw new AppError(ErrCd.generic, say('memberListInvalid'), 422);
    const problem = nameProblem(m.sei) ?? nameProblem(m.mei);
    if (problem) throw new AppError(ErrCd.generic, `${participantTitle(seq)}：${problem}`, 422);
    return {
      rsvno,
      seq,
      sei: m.sei,
      mei: m.mei,
      birthday: null,
      sex: m.sex,
      ageclass: m.ageclass,
      nationalityId: Number(m.nationality_id),
      extended: {},
    };
  });
}

/**
 * Corrects the participants' names, birthdays, sex, nationality and extended fields, with the same rules as
 * the booking form. The party's size and age classes stay (they decide the price and the seats). Once the booking's
 * personal data was erased, only names, sex and nationality: the erased data never comes back, in the participants
 * or in the history. Whether it was erased is read under the booking's lock, which the erasure job takes too.
 */
export async function changeParticipants(
  ctx: AppContextBase,
  rsvno: string,
  memberList: BookingInput['memberList'],
  actor: Actor,
): Promise<void> {
  const booking = await repo.findBooking(ctx.db, rsvno);
  if (!booking) throw AppError.notFound(say('bookingNotFound'));
  const [line] = await repo.findBookingOptions(ctx.db, rsvno);
  const option = line ? await repo.findOption(ctx.db, line.line.opcd) : undefined;
  if (!line || !option) throw AppError.notFound(say('bookingNotFound'));
  const nationalityIds = memberList.map((m) => Number(m.nationality_id)).filter((id) => id !== 0);
  const known = await repo.existingNationalities(ctx.db, nationalityIds);
  if (nationalityIds.some((id) => !known.has(id))) throw new AppError(ErrCd.generic, say('nationalityInvalid'), 422);

  await ctx.db.transaction(async (tx) => {
    const locked = await lockLive(tx, rsvno);
    if (isEnded(lifecycleOf(locked))) {
      throw AppError.conflict(ErrCd.generic, say('participantsNotEditable'));
    }
    const erased = locked.personalErasedAt !== null;
    // The participants as they are under the lock: the party's classes must stay, and they are the history's before.
    const before = await repo.findMembers(tx, rsvno);
    let rows: NewMember[];
    if (erased) {
      rows = planAfterErasure(memberList, rsvno);
    } else {
      const { members } = planMembers(memberList, option, isoDateToYmd(line.line.usedate), todayIn(ctx.clock));
      keepMaskedPassports(members, before);
      rows = memberRows(rsvno, members);
    }
    const sameParty = rows.length === before.length && rows.every((m, i) => m.ageclass === before[i]?.ageclass);
    if (!sameParty) throw new AppError(ErrCd.generic, say('participantsClassChanged'), 422);
    const after = rows.map((m) =>
      asHistory({
        ...m,
        birthday: m.birthday ?? null,
        nationalityId: m.nationalityId ?? 0,
        extended: m.extended ?? {},
      }),
    );
    // After the erasure the history holds what is kept (names, sex, nationality), like every erased event.
    const history = erased
      ? { before: { members: scrub(before.map(asHistory)) }, after: { members: scrub(after) } }
      : { before: { members: before.map(asHistory) }, after: { members: after } };
    // Saved unchanged (or sent twice): nothing to write, and no empty event in the history.
    if (isDeepStrictEqual(history.before, history.after)) return;
    await repo.replaceMembers(tx, rsvno, rows);
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
  if (text === '') throw new AppError(ErrCd.generic, say('noteRequired'), 422);
  await ctx.db.transaction(async (tx) => {
    await lockLive(tx, rsvno);
    await recordEvent(tx, ctx.clock.now(), rsvno, actor, 'note_added', { note: text.slice(0, 2000) });
  });
}
