/**
 * Every customer mail in Korean, Traditional and Simplified Chinese (ADR 0207: everything a booking is told is in its
 * language): each subject as its catalog words it, the HTML part marked with the language, days, yen, the party and
 * names as the language writes them, the links under the language's prefix, and not one Japanese (or English) word
 * of our own in it.
 */
import { INTL_LOCALE, LANG_BASE, type Lang } from '@tabi/contract/i18n';
import { describe, expect, it } from 'vitest';
import en from '../../messages/en/mail.json' with { type: 'json' };
import ja from '../../messages/ja/mail.json' with { type: 'json' };
import ko from '../../messages/ko/mail.json' with { type: 'json' };
import zhHans from '../../messages/zh-Hans/mail.json' with { type: 'json' };
import zhHant from '../../messages/zh-Hant/mail.json' with { type: 'json' };
import { dayBeforeMail } from './day-before-templates.ts';
import {
  bookingIn,
  changedFromIn,
  dayBeforeLineIn,
  FIXTURE_DAY,
  FIXTURE_HOLD_UNTIL,
  FIXTURE_ORIGIN,
  FIXTURE_RSVNO,
  OPTION_WORDS,
  stopNoticeIn,
  timedBookingIn,
  waitlistEntryIn,
} from './mail-fixture.ts';
import type { OutgoingMail } from './outbox.ts';
import {
  bookingChangedMail,
  bookingPaidMail,
  cancellationMail,
  changeFailedMail,
  dayStoppedMail,
  paymentRefundedMail,
  requestConfirmedMail,
  requestDeclinedMail,
  requestReceivedMail,
  requestWithdrawnMail,
} from './templates.ts';
import { waitlistJoinedMail, waitlistOfferedMail } from './waitlist-templates.ts';

type Catalog = typeof ja;
const CATALOGS: Record<Lang, Catalog> = { ja, en, ko, 'zh-Hant': zhHant, 'zh-Hans': zhHans };

/** A catalog's message with its values put in (none of these catalogs' messages has a plural or a select). */
function say(lang: Lang, key: keyof Catalog, values: Record<string, string | number> = {}): string {
  return CATALOGS[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN = /\p{Script=Han}/u;
/** Marks only Japanese writes: the full-width yen, the Japanese middle dot and wave dash, 様 and the Japanese name. */
const JAPANESE_MARKS = /[￥・〜様]|さくら|予約|大人|小人/u;

/** What the HTML part says to a reader: its text without tags, entities read back. */
function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The Latin words of a text once its addresses are taken out. */
function latinWords(text: string): string[] {
  return [...new Set(text.replace(/https?:\/\/\S+/g, ' ').match(/[A-Za-z]+/g) ?? [])].sort();
}

/** The day as the language's `Intl` writes it in its long date style (the mails' style for these languages). */
function intlDay(lang: Lang, ymd: string): string {
  const date = new Date(Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)) - 1, Number(ymd.slice(6, 8))));
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** What each language calls the fixture's party, its times and its joined facts (as its speakers write them). */
const EXPECTED: Record<
  'ko' | 'zh-Hant' | 'zh-Hans',
  {
    day: string;
    party: string;
    times: string;
    deadline: string;
    holdUntil: string;
    applicant: string;
    other: string;
    people: string;
  }
> = {
  ko: {
    day: '2026년 12월 1일',
    party: '성인 2명, 어린이 1명',
    times: '10:00~11:00',
    deadline: '2026년 11월 24일 12:00',
    holdUntil: '2026년 11월 24일 13:30',
    applicant: 'KIM MINJUN',
    other: '이 서연',
    people: '2명',
  },
  'zh-Hant': {
    day: '2026年12月1日',
    party: '成人 2人、兒童 1人',
    times: '10:00～11:00',
    deadline: '2026年11月24日 12:00',
    holdUntil: '2026年11月24日 13:30',
    applicant: 'CHEN TAIMAN',
    other: '林 美玲',
    people: '2人',
  },
  'zh-Hans': {
    day: '2026年12月1日',
    party: '成人 2人、儿童 1人',
    times: '10:00～11:00',
    deadline: '2026年11月24日 12:00',
    holdUntil: '2026年11月24日 13:30',
    applicant: 'WANG XIAOMING',
    other: '李 娜',
    people: '2人',
  },
};

/** Every mail a customer of the language can get, with the catalog key of its title. */
function everyMail(lang: Lang): { name: string; title: keyof Catalog; mail: OutgoingMail; booking: boolean }[] {
  const b = bookingIn(lang);
  const unpaid = { ...b, statusPayment: 0 };
  const mails: [string, keyof Catalog, OutgoingMail][] = [
    ['request received', 'requestReceivedTitle', requestReceivedMail(unpaid)],
    ['booking paid', 'paidTitle', bookingPaidMail(b)],
    ['request confirmed', 'confirmedTitle', requestConfirmedMail(unpaid)],
    ['request declined', 'declinedTitle', requestDeclinedMail(unpaid)],
    ['request withdrawn', 'withdrawnTitle', requestWithdrawnMail(unpaid)],
    ['cancellation with the policy’s fee', 'cancelledTitle', cancellationMail(b, 6000, 14000)],
    ['cancellation with staff’s fee', 'cancelledTitle', cancellationMail({ ...b, feeSetByStaff: true }, 6000, 14000)],
    ['cancellation of an unpaid booking', 'cancelledTitle', cancellationMail(unpaid, 0, 0)],
    ['payment refunded (twice paid)', 'refundedTitle', paymentRefundedMail(b, 20000, 'duplicate')],
    ['payment refunded (paid late)', 'refundedTitle', paymentRefundedMail(b, 20000, 'late')],
    ['booking changed (dearer)', 'changedTitle', bookingChangedMail(b, changedFromIn(lang), 2000)],
    ['booking changed (cheaper)', 'changedTitle', bookingChangedMail(b, changedFromIn(lang), -2000)],
    ['change failed', 'changeFailedTitle', changeFailedMail(b, 2000)],
    ['day stopped, with a notice', 'stoppedTitle', dayStoppedMail(timedBookingIn(lang), 20000, stopNoticeIn(lang))],
    ['day stopped, without a notice', 'stoppedTitle', dayStoppedMail(unpaid, 0, null)],
    ['day before', 'dayBeforeTitle', dayBeforeMail(b, FIXTURE_DAY, [dayBeforeLineIn(lang)])],
  ];
  const entry = waitlistEntryIn(lang);
  return [
    ...mails.map(([name, title, mail]) => ({ name, title, mail, booking: true })),
    { name: 'waiting list joined', title: 'waitlistJoinedTitle', mail: waitlistJoinedMail(entry), booking: false },
    {
      name: 'waiting list offered',
      title: 'waitlistOfferedTitle',
      mail: waitlistOfferedMail({ ...entry, held: 2, expiresAt: FIXTURE_HOLD_UNTIL }),
      booking: false,
    },
  ];
}

describe.each(['ko', 'zh-Hant', 'zh-Hans'] as const)('every customer mail in %s', (lang) => {
  const expected = EXPECTED[lang];
  const words = OPTION_WORDS[lang];
  const login = `${FIXTURE_ORIGIN}${LANG_BASE[lang]}/login`;
  const all = everyMail(lang);
  /** The Latin words a mail may hold: the brand, the fixture's names and sizes, TEL, cm and the .ics file's. */
  const latin = new Set(['AB', 'Sakura', 'Travel', 'TEL', 'cm', 'ics', 'L', 'S', ...expected.applicant.split(' ')]);

  it('the fixture’s own words are in the language (so that the checks below mean something)', () => {
    for (const text of Object.values(words)) {
      expect(text).not.toMatch(KANA);
      if (lang === 'ko') expect(text).not.toMatch(HAN);
    }
    // The mails' days are written as Intl writes them in the language's long style.
    expect(intlDay(lang, FIXTURE_DAY)).toBe(expected.day);
  });

  it.each(all.map((m) => [m.name, m] as const))(
    '%s: subject, language, greeting and no word of another language',
    (_n, m) => {
      const { mail } = m;
      const subject = m.booking
        ? say(lang, 'subject', { title: say(lang, m.title), rsvno: FIXTURE_RSVNO })
        : say(lang, 'waitlistSubject', { title: say(lang, m.title) });
      expect(mail.subject).toBe(subject);
      expect(mail.html).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${lang}">`));
      expect(mail.html).toContain(`<title>${subject}</title>`);
      const greeting = m.booking ? say(lang, 'greeting', { name: expected.applicant }) : say(lang, 'waitlistGreeting');
      expect(mail.body.startsWith(`${greeting}\n`)).toBe(true);
      expect(mail.body.endsWith(`${say(lang, 'signature')}\n`)).toBe(true);
      const shown = htmlText(mail.html ?? '');
      expect(shown).toContain(greeting);
      for (const text of [mail.subject, mail.body, shown]) {
        // No kana and no Japanese-only mark anywhere, the header and the signature included (the catalog's signature
        // names the company in Latin letters: it has no Japanese to allow).
        expect(text).not.toMatch(KANA);
        expect(text).not.toMatch(JAPANESE_MARKS);
        // Korean has no Han in it at all: not in the fixed words, not in the fixture's.
        if (lang === 'ko') expect(text).not.toMatch(HAN);
        // No English word but the brand, the names, TEL, cm and .ics.
        expect(latinWords(text).filter((w) => !latin.has(w))).toEqual([]);
      }
      expect(say(lang, 'signature')).not.toMatch(KANA);
      expect(mail.subject).toContain('Sakura Travel');
      expect(shown).not.toContain('さくらトラベル');
    },
  );

  it.each(all.filter((m) => m.booking).map((m) => [m.name, m.mail] as const))(
    '%s: the day, the party, the login link under the language’s prefix',
    (_n, mail) => {
      for (const text of [mail.body, htmlText(mail.html ?? '')]) {
        expect(text).toContain(expected.day);
        expect(text).toContain(expected.party);
        expect(text).toContain(FIXTURE_RSVNO);
      }
      expect(mail.body).toContain(`${say(lang, 'myPageText')}\n${login}`);
      expect(mail.html).toContain(`<a href="${login}"`);
      expect(htmlText(mail.html ?? '')).toContain(say(lang, 'myPageLink'));
      // Never the Japanese way of writing a day.
      expect(mail.body).not.toMatch(/2026\/1[12]\/\d\d/);
    },
  );

  it.each(all.filter((m) => m.booking && m.mail.kind !== 'day_before').map((m) => [m.name, m.mail] as const))(
    '%s: the option, its meeting point and the yen amount',
    (_n, mail) => {
      for (const text of [mail.body, htmlText(mail.html ?? '')]) {
        expect(text).toContain(words.webname);
        expect(text).toContain(words.meetpoint);
        expect(text).toContain(say(lang, 'taxIncluded', { amount: '¥20,000' }));
      }
    },
  );

  it('writes the text part with the language’s marks: ASCII in Korean, full-width in Chinese', () => {
    const body = bookingPaidMail(bookingIn(lang)).body;
    if (lang === 'ko') {
      expect(body).toContain(`== ${say(lang, 'booking')} ==`);
      expect(body).toContain(`${say(lang, 'party')}: ${expected.party}`);
      expect(body).not.toMatch(/[　：■（）]/);
    } else {
      expect(body).toContain(`■${say(lang, 'booking')}`);
      expect(body).toContain(`${say(lang, 'party')}：${expected.party}`);
      expect(body).toContain('· ');
    }
  });

  it('names the applicant and every participant family name first', () => {
    const body = bookingPaidMail(bookingIn(lang)).body;
    expect(body).toContain(say(lang, 'greeting', { name: expected.applicant }));
    for (const [seq, name] of [
      [1, expected.applicant],
      [2, expected.other],
    ] as const) {
      expect(body).toContain(say(lang, 'participantNamed', { seq, name }));
    }
    expect(body).toContain(
      `${say(lang, 'rentalTypes.2')}${say(lang, 'rentalJoin')}${say(lang, 'boots', { size: '23.5' })}`,
    );
  });

  it('says the policy and its last free day in the language, and the .ics in it too', () => {
    const paid = bookingPaidMail(bookingIn(lang));
    expect(paid.body).toContain(say(lang, 'policy'));
    expect(paid.body).toContain(say(lang, 'freeUntil', { day: lang === 'ko' ? '2026년 11월 10일' : '2026年11月10日' }));
    expect(paid.body).toContain('20%');
    const ics = paid.attachments?.[0]?.content ?? '';
    expect(ics.replace(/\r\n /g, '')).toContain(say(lang, 'rsvno'));
    expect(ics).not.toMatch(KANA);
  });

  it('gives the payment deadline in the language’s way, in Japan time', () => {
    const mail = requestConfirmedMail({ ...bookingIn(lang), statusPayment: 0 });
    expect(mail.body).toContain(expected.deadline);
    expect(say(lang, 'deadline')).toContain(lang === 'ko' ? '일본 시간' : lang === 'zh-Hant' ? '日本時間' : '日本时间');
  });

  it('gives what was paid, the fee and the refund, and why the fee, in yen', () => {
    const b = bookingIn(lang);
    const byPolicy = cancellationMail(b, 6000, 14000).body;
    for (const amount of ['¥20,000', '¥6,000', '¥14,000']) expect(byPolicy).toContain(amount);
    expect(byPolicy).toContain(say(lang, 'feeByPolicy'));
    expect(byPolicy).toContain(say(lang, 'refundByCard'));
    const byStaff = cancellationMail({ ...b, feeSetByStaff: true }, 6000, 14000).body;
    expect(byStaff).toContain(say(lang, 'feeByCompany'));
    expect(byStaff).not.toContain(say(lang, 'policy'));
    expect(cancellationMail(b, 0, 0).body).toContain(say(lang, 'nothingPaid'));
    expect(paymentRefundedMail(b, 20000, 'late').body).toContain(say(lang, 'refundedLate'));
    expect(paymentRefundedMail(b, 20000, 'duplicate').body).toContain(say(lang, 'refundedDuplicate'));
  });

  it('gives a change of date from and to, and the difference paid or refunded', () => {
    const b = bookingIn(lang);
    const dearer = bookingChangedMail(b, changedFromIn(lang), 2000).body;
    const before = lang === 'ko' ? '2026년 11월 30일 10:00~11:00' : '2026年11月30日 10:00～11:00';
    expect(dearer).toContain(before);
    expect(dearer).toContain(say(lang, 'changedAfter'));
    expect(dearer).toContain('¥2,000');
    expect(dearer).toContain(say(lang, 'changedPaid'));
    const cheaper = bookingChangedMail(b, changedFromIn(lang), -2000).body;
    expect(cheaper).toContain(say(lang, 'changedRefund'));
    expect(cheaper).toContain(say(lang, 'refundByCardShort'));
    const failed = changeFailedMail(b, 2000).body;
    expect(failed).toContain(say(lang, 'changeFailedLead'));
    expect(failed).toContain('¥2,000');
  });

  it('calls a day off with the reason, staff’s note, the refund, the same day’s other times and the next days', () => {
    const notice = stopNoticeIn(lang);
    const mail = dayStoppedMail(timedBookingIn(lang), 20000, notice);
    const because = say(lang, 'stopBecause', { reason: say(lang, 'stopReasons.weather') });
    expect(mail.body).toContain(say(lang, 'stoppedLead', { because }));
    expect(mail.body).toContain(words.stopNote);
    expect(mail.body).toContain(lang === 'ko' ? '2026년 12월 1일 13:00~14:00' : '2026年12月1日 13:00～14:00');
    expect(mail.body).toContain(say(lang, 'sameDayDeparture', { times: expected.times, seats: 1 }));
    expect(mail.body).toContain(say(lang, 'sameDayDeparture', { times: '16:00', seats: 6 }));
    const third = lang === 'ko' ? '2026년 12월 3일' : '2026年12月3日';
    expect(mail.body).toContain(say(lang, 'nextDay', { day: third, seats: 4 }));
    expect(mail.body).toContain(say(lang, 'stopRefundText'));
    expect(mail.body).toContain('¥20,000');
    expect(mail.body).toContain('¥0');
    expect(mail.html).toContain(`href="${notice.sameDayUrl.replaceAll('&', '&amp;')}"`);
    expect(mail.html).toContain(`href="${notice.detailUrl}"`);
    expect(mail.attachments).toEqual([]);

    const bare = dayStoppedMail({ ...bookingIn(lang), statusPayment: 0 }, 0, null).body;
    expect(bare).toContain(say(lang, 'stoppedLead', { because: '' }));
    expect(bare).toContain(say(lang, 'nothingPaid'));
    expect(bare).not.toContain(say(lang, 'sameDay'));
    expect(bare).not.toContain(say(lang, 'nextDays'));
  });

  it('tells the day before where, when, the map, what to bring and the shop’s note', () => {
    const line = dayBeforeLineIn(lang);
    const mail = dayBeforeMail(bookingIn(lang), FIXTURE_DAY, [line]);
    expect(mail.body).toContain(say(lang, 'dayBeforeLead', { day: expected.day }));
    for (const part of [
      words.shopOption,
      words.shop,
      words.shopAddress,
      words.shopNote,
      say(lang, 'receptionTime'),
      say(lang, 'mapText'),
      say(lang, 'noticeFrom', { webname: words.shopOption }),
      say(lang, 'bringWarm'),
      `TEL 0261-55-0505`,
    ]) {
      expect(mail.body).toContain(part);
    }
    expect(mail.html).toContain(say(lang, 'mapLabel'));
    expect(mail.attachments?.[0]?.filename).toBe(`booking-${FIXTURE_RSVNO}.ics`);
  });

  it('mails the waiting list’s registration and offer with the day, the party and the hold in Japan time', () => {
    const entry = waitlistEntryIn(lang);
    const joined = waitlistJoinedMail(entry);
    const offered = waitlistOfferedMail({ ...entry, held: 2, expiresAt: FIXTURE_HOLD_UNTIL });
    for (const mail of [joined, offered]) {
      expect(mail.body).toContain(expected.day);
      expect(mail.body).toContain(words.webname);
      expect(mail.body).toContain(say(lang, 'waitlistParty'));
      expect(mail.body).toContain(expected.people);
      expect(mail.body).toContain(entry.url);
      expect(mail.html).toContain(`href="${entry.url.replaceAll('&', '&amp;')}"`);
      expect(entry.url.startsWith(`${FIXTURE_ORIGIN}${LANG_BASE[lang]}/detail?`)).toBe(true);
    }
    expect(offered.body).toContain(say(lang, 'waitlistOfferedLink', { until: expected.holdUntil }));
    expect(offered.body).toContain(say(lang, 'seatsFor', { n: 2 }));
  });
});

describe('the HTML part in each language’s own fonts and brand', () => {
  it.each([
    ['ko', 'Apple SD Gothic Neo'],
    ['zh-Hant', 'PingFang TC'],
    ['zh-Hans', 'PingFang SC'],
    ['ja', 'Hiragino Sans'],
  ] as const)('%s is set in %s first', (lang, font) => {
    const html = bookingPaidMail(bookingIn(lang)).html;
    expect(html).toMatch(new RegExp(`font-family:'${font}'`));
    // The header's name: the Japanese one on the Japanese mails only, as on the pages (ADR 0207).
    expect(html).toContain(lang === 'ja' ? '>さくらトラベル</td>' : '>Sakura Travel</td>');
  });

  it('keeps the Japanese deadline word for word and writes the English one in English, in Japan time', () => {
    const ja = requestConfirmedMail({ ...bookingIn('ja'), statusPayment: 0 }).body;
    expect(ja).toContain('お支払い期限：2026/11/24 12:00');
    const en = requestConfirmedMail({ ...bookingIn('en'), statusPayment: 0 }).body;
    expect(en).toContain('Pay by (Japan time): 24 Nov 2026, 12:00');
    expect(en).not.toContain('2026/11/24');
  });

  it.each(['ko', 'zh-Hant', 'zh-Hans', 'ja', 'en'] as const)(
    '%s: the HTML signs without the text part’s rule line, which its border draws',
    (lang) => {
      const mail = bookingPaidMail(bookingIn(lang));
      const [rule, ...rest] = say(lang, 'signature').split('\n');
      expect(rule).toMatch(/^―+$/);
      expect(mail.body).toContain(`${rule}\n${rest.join('\n')}`);
      expect(mail.html).not.toContain('―');
      expect(mail.html).toContain(
        `border-top:1px solid #d5dbe1;font-size:12px;line-height:1.7;color:#5b6673">${rest[0]}<br>`,
      );
    },
  );

  it('breaks Korean between words', () => {
    expect(bookingPaidMail(bookingIn('ko')).html).toContain('word-break:keep-all');
    expect(bookingPaidMail(bookingIn('zh-Hant')).html).not.toContain('word-break:keep-all');
  });
});
