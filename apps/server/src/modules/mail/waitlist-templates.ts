/**
 * キャンセル待ち's mails (ADR 0167): the registration, with the link to see or leave it, and the offer,
 * with the link that books the seats held and until when. Same look as the booking mails (templates.ts).
 */
import { formatDay, formatTokyoDateTime } from '@tabi/contract/dates';
import type { Lang } from '@tabi/contract/i18n';
import { type MailBlock, renderHtml, renderText } from './mail-render.ts';
import { type MailText, mailText } from './mail-text.ts';
import type { OutgoingMail } from './outbox.ts';

export const WaitlistMailKind = {
  joined: 'waitlist_joined',
  offered: 'waitlist_offered',
} as const;

export interface WaitlistMailEntry {
  mail: string;
  webname: string;
  /** YYYYMMDD or YYYY-MM-DD. */
  usedate: string;
  party: number;
  /** The link (detail page with the entry's token). */
  url: string;
  /** The entry's language: English for one made on the English pages. */
  lang: Lang;
}

function facts(t: MailText, e: WaitlistMailEntry, extra: [string, string][] = []): MailBlock {
  return {
    kind: 'facts',
    title: t('waitlistFacts'),
    rows: [
      [t('option'), e.webname],
      [t('usedate'), formatDay(e.usedate, e.lang)],
      [t('waitlistParty'), t('people', { n: e.party })],
      ...extra,
    ],
  };
}

function compose(kind: string, e: WaitlistMailEntry, title: string, blocks: MailBlock[]): OutgoingMail {
  const t = mailText(e.lang);
  const subject = t('waitlistSubject', { title });
  return {
    kind,
    rsvno: null,
    to: e.mail,
    subject,
    body: renderText(t('waitlistGreeting'), blocks, t('signature'), e.lang),
    html: renderHtml(subject, t('waitlistGreeting'), blocks, t('signature'), e.lang),
  };
}

export function waitlistJoinedMail(e: WaitlistMailEntry): OutgoingMail {
  const t = mailText(e.lang);
  return compose(WaitlistMailKind.joined, e, t('waitlistJoinedTitle'), [
    { kind: 'paragraph', text: t('waitlistJoinedLead') },
    facts(t, e),
    { kind: 'paragraph', text: t('waitlistJoinedNext') },
    { kind: 'link', text: t('waitlistJoinedLink'), label: t('waitlistJoinedLabel'), url: e.url },
  ]);
}

export function waitlistOfferedMail(e: WaitlistMailEntry & { held: number; expiresAt: Date }): OutgoingMail {
  const t = mailText(e.lang);
  const until = formatTokyoDateTime(e.expiresAt, e.lang);
  return compose(WaitlistMailKind.offered, e, t('waitlistOfferedTitle'), [
    { kind: 'paragraph', text: t('waitlistOfferedLead') },
    facts(t, e, [
      [t('heldSeats'), t('seatsFor', { n: e.held })],
      [t('heldUntil'), until],
    ]),
    { kind: 'link', text: t('waitlistOfferedLink', { until }), label: t('waitlistOfferedLabel'), url: e.url },
  ]);
}
