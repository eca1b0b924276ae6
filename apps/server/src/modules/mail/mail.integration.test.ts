import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { STANDARD_CANCEL_POLICY } from '@tabi/contract/cancel-policy';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, outbox } from '../../db/schema.ts';
import { retryDelayMs } from '../../jobs/backoff.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { startWorkers } from '../../workers.ts';
import { dayBeforeMail } from './day-before-templates.ts';
import { enqueueMail } from './outbox.ts';
import {
  bookingPaidMail,
  cancellationMail,
  dayStoppedMail,
  loadMailBooking,
  type MailBooking,
  paymentRefundedMail,
  requestConfirmedMail,
  requestDeclinedMail,
  requestReceivedMail,
  type StopNotice,
} from './templates.ts';
import { waitlistJoinedMail, waitlistOfferedMail } from './waitlist-templates.ts';
import { createMailSender, processOutbox } from './worker.ts';

const JAPANESE_SCRIPT = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

const quiet = { info: () => {}, warn: () => {} };

const sample: MailBooking = {
  rsvno: 'AB123456',
  sei: '山田',
  mei: '太郎',
  mail: 'taro@example.com',
  amountjp: 20000,
  paymentDeadline: new Date('2026-11-24T03:00:00Z'),
  lines: [{ webname: '東京湾クルーズ', usedate: '2026-12-01', adultqty: 2, middleqty: 0, childqty: 1, infantqty: 0 }],
  loginUrl: 'http://localhost:3000/login',
};

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('mail templates', () => {
  it.each([
    ['request received', requestReceivedMail(sample), 'リクエストを受け付けました'],
    ['booking paid', bookingPaidMail(sample), 'ご予約とお支払いが完了しました'],
    ['request confirmed', requestConfirmedMail(sample), 'リクエストの手配が完了しました'],
    ['request declined', requestDeclinedMail(sample), 'リクエストの手配ができませんでした'],
    ['cancellation', cancellationMail(sample, 6000, 14000), 'キャンセルを承りました'],
  ])('%s: polite Japanese with number, option, date, party, amount and the login link', (_n, mail, subject) => {
    expect(mail.to).toBe('taro@example.com');
    expect(mail.rsvno).toBe('AB123456');
    expect(mail.subject).toContain(subject);
    expect(mail.subject).toContain('AB123456');
    expect(mail.body).toMatch(/^山田 太郎 様/);
    for (const part of [
      'AB123456',
      '東京湾クルーズ',
      '2026/12/01',
      '大人2名、小人1名',
      '￥20,000',
      'http://localhost:3000/login',
    ]) {
      expect(mail.body).toContain(part);
    }
  });

  it('gives the payment deadline in Tokyo time and the fee and refund', () => {
    expect(requestConfirmedMail(sample).body).toContain('2026/11/24 12:00');
    const cancel = cancellationMail(sample, 6000, 14000).body;
    expect(cancel).toContain('お支払い済み金額：￥20,000');
    expect(cancel).toContain('キャンセル料　　：￥6,000');
    expect(cancel).toContain('ご返金額　　　　：￥14,000');
  });
});

/** A paid booking with everything a mail can show. */
const full: MailBooking = {
  ...sample,
  statusPayment: 1,
  rsvdate: new Date('2026-11-01T01:00:00Z'),
  meetpoint: null,
  cancelPolicy: [...STANDARD_CANCEL_POLICY],
  lines: [
    {
      ...sample.lines[0]!,
      meetpoint: '日の出桟橋 2階 受付',
      departureTime: '10:30',
      arrivalTime: '12:00',
      address: '東京都港区海岸2-7-104',
    },
  ],
  rentals: [
    { seq: 1, sei: '山田', mei: '太郎', model: '1', bootsSize: '26.5', wearSize: 'L' },
    { seq: 2, sei: '山田', mei: '花子', model: '2', bootsSize: '23.5', wearSize: 'S' },
  ],
};

describe('mail templates: multipart, itinerary, policy and calendar file', () => {
  const every = [
    requestReceivedMail(full),
    bookingPaidMail(full),
    requestConfirmedMail(full),
    requestDeclinedMail(full),
    cancellationMail(full, 6000, 14000),
    paymentRefundedMail(full, 20000, 'duplicate'),
  ];

  it.each(every.map((m) => [m.kind, m]))('%s has a Japanese HTML part with what the text part says', (_k, mail) => {
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="ja">/);
    for (const part of [
      '山田 太郎 様',
      '東京湾クルーズ',
      '2026/12/01',
      '10:30',
      '日の出桟橋 2階 受付',
      '大人2名、小人1名',
      '￥20,000',
      '無料キャンセル期限：2026/11/10まで',
      'ご利用日の20日前～8日前：旅行代金の20%',
      '参加者1（山田 太郎様）：スキー／ブーツ 26.5cm／ウェア L',
      'http://localhost:3000/login',
    ]) {
      expect(mail.body).toContain(part);
      expect(mail.html).toContain(part);
    }
    expect(mail.html).toContain('<a href="http://localhost:3000/login"');
  });

  it('names no free-cancellation day to a booking made after it (its policy still listed)', () => {
    const late = bookingPaidMail({ ...full, rsvdate: new Date('2026-11-25T01:00:00Z') });
    expect(late.body).not.toContain('無料キャンセル期限');
    expect(late.body).toContain('ご利用日の20日前～8日前：旅行代金の20%');
    // ...and says the fee that applied when it was booked, as the check page did before payment.
    expect(late.body).toContain('お申し込みの時点で、キャンセル料（旅行代金の30%）がかかる期間に入っています。');
    // Booked on the last free day itself (Tokyo), the day is still named.
    const lastDay = bookingPaidMail({ ...full, rsvdate: new Date('2026-11-10T14:00:00Z') });
    expect(lastDay.body).toContain('無料キャンセル期限：2026/11/10まで');
    expect(lastDay.body).not.toContain('お申し込みの時点で');
  });

  it('escapes what comes from the booking in the HTML part', () => {
    const mail = bookingPaidMail({ ...full, sei: '<b>山田', lines: [{ ...full.lines[0]!, webname: 'A&B "ツアー"' }] });
    expect(mail.html).toContain('&lt;b&gt;山田');
    expect(mail.html).toContain('A&amp;B &quot;ツアー&quot;');
    expect(mail.html).not.toContain('<b>山田');
  });

  it('attaches an .ics to the paid booking mails only, timed in Tokyo and folded', () => {
    const paid = bookingPaidMail(full);
    expect(paid.attachments).toHaveLength(1);
    const ics = paid.attachments?.[0];
    expect(ics?.filename).toBe('booking-AB123456.ics');
    expect(ics?.contentType).toMatch(/^text\/calendar/);
    const text = ics?.content ?? '';
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(text).toContain('DTSTART:20261201T013000Z');
    expect(text).toContain('DTEND:20261201T030000Z');
    expect(text).toContain('SUMMARY:東京湾クルーズ');
    expect(text).toContain('UID:AB123456-1@sakura-travel');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // All-day when the option gives no time.
    const allDay = bookingPaidMail({ ...full, lines: [{ ...full.lines[0]!, departureTime: null }] });
    expect(allDay.attachments?.[0]?.content).toContain('DTSTART;VALUE=DATE:20261201');
    expect(requestReceivedMail({ ...full, statusPayment: 0 }).attachments).toEqual([]);
    expect(requestConfirmedMail({ ...full, statusPayment: 0 }).attachments).toEqual([]);
    expect(cancellationMail(full, 0, 20000).attachments).toEqual([]);
  });
});

describe('mails in the booking’s language', () => {
  const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
  const english: MailBooking = {
    ...full,
    sei: 'SMITH',
    mei: 'JANE',
    lang: 'en',
    loginUrl: 'http://localhost:3000/en/login',
    lines: [{ ...full.lines[0]!, webname: 'Tokyo Bay cruise', meetpoint: 'Hinode pier, 2F', address: 'Minato, Tokyo' }],
    rentals: [{ seq: 1, sei: 'SMITH', mei: 'JANE', model: '1', bootsSize: '26.5', wearSize: 'L' }],
  };

  it.each([
    ['request received', requestReceivedMail(english), 'We have received your request'],
    ['booking paid', bookingPaidMail(english), 'Your booking is confirmed and paid'],
    ['request confirmed', requestConfirmedMail(english), 'Your request has been arranged'],
    ['request declined', requestDeclinedMail(english), 'We could not arrange your request'],
    ['cancellation', cancellationMail(english, 6000, 14000), 'Your booking has been cancelled'],
  ])('%s: in English, with dates, yen, party, policy and the English login link', (_n, mail, subject) => {
    expect(mail.subject).toBe(`[Sakura Travel] ${subject} (booking AB123456)`);
    expect(mail.body).toMatch(/^Dear JANE SMITH,/);
    for (const part of ['1 Dec 2026', 'Adult × 2, Child × 1', '¥20,000', 'http://localhost:3000/en/login']) {
      expect(mail.body).toContain(part);
    }
    // Every word is English but the signature's rule line.
    expect(mail.body.replaceAll('―', '')).not.toMatch(JAPANESE);
    expect(mail.html).toContain('<html lang="en">');
  });

  it('says the policy, the rentals and the calendar file in English', () => {
    const mail = bookingPaidMail(english);
    expect(mail.body).toContain('Cancellation policy');
    expect(mail.body).toContain('20 to 8 days before: 20% of the price');
    // The same order as the greeting's: the given name first, as everywhere in English.
    expect(mail.body).toContain('Traveller 1 (JANE SMITH): Ski / Boots 26.5 cm / Wear L');
    expect(mail.attachments?.[0]?.content).toContain('Booking number: AB123456');
  });

  it('offers the same day’s other departures when one was called off, in English and Japanese, and nothing if none', () => {
    const timed = { ...english.lines[0]!, startTime: '13:00', endTime: '14:00' };
    const notice: StopNotice = {
      reason: 'bad weather is expected',
      note: '',
      nextDays: [],
      detailUrl: 'http://localhost:3000/en/detail?opcd=OP0001',
      sameDay: [
        { startTime: '10:00', endTime: '11:00', seats: 1 },
        { startTime: '16:00', endTime: '', seats: 6 },
      ],
      sameDayUrl: 'http://localhost:3000/en/detail?opcd=OP0001&usedate=20261201',
    };
    const en = dayStoppedMail({ ...english, lines: [timed] }, 20000, notice);
    expect(en.body).toContain(
      [
        '== Other times on the same day with places ==',
        '- 10:00–11:00: 1 place left',
        '- 16:00: 6 places left',
        '',
        'If another time that day suits you, please book again.',
        notice.sameDayUrl,
      ].join('\n'),
    );
    expect(en.html).toContain('href="http://localhost:3000/en/detail?opcd=OP0001&amp;usedate=20261201"');
    expect(en.body.replaceAll('―', '')).not.toMatch(JAPANESE);
    const ja = dayStoppedMail({ ...english, lang: 'ja', lines: [timed] }, 20000, notice);
    expect(ja.body).toContain('■同じ日のほかの時間帯の空き状況\n・10:00〜11:00　残り1席\n・16:00　残り6席');
    expect(ja.body).toContain('同じ日のほかの時間帯にご参加いただける場合は、あらためてお申し込みください。');
    // None left (or a whole day called off): the mail is as it was.
    const none = dayStoppedMail({ ...english, lines: [timed] }, 20000, { ...notice, sameDay: [] });
    expect(none.body).not.toContain('Other times');
    expect(none.body).not.toContain('usedate=');
  });

  it('keeps a booking without a language, or in another one, in Japanese', () => {
    for (const lang of [undefined, 'ja'] as const) {
      expect(bookingPaidMail({ ...sample, lang }).subject).toContain('ご予約とお支払いが完了しました');
    }
  });
});

describe('loadMailBooking reads the itinerary, rentals and policy of a real booking', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-11-21T03:00:00Z'), seeded: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('AA100009 (ski rental, paid) carries its sizes, the policy and a calendar file', async () => {
    const b = await loadMailBooking(t.ctx.db, t.ctx.config, 'AA100009');
    expect(b?.rentals?.map((r) => r.bootsSize)).toEqual(['26.5', '23.5']);
    expect(b?.cancelPolicy?.length).toBeGreaterThan(0);
    const mail = bookingPaidMail(b!);
    expect(mail.body).toContain('参加者1（小林 亮様）：スキー／ブーツ 26.5cm／ウェア L');
    // Booked after its last free day: the policy is there, a free day it never had is not.
    expect(mail.body).toContain('キャンセル規定');
    expect(mail.body).not.toContain('無料キャンセル期限');
    expect(mail.attachments?.[0]?.content).toContain('BEGIN:VEVENT');
  });
  it('an English booking links to the English login page and is mailed in English', async () => {
    await t.ctx.db.update(bookings).set({ lang: 'en' }).where(eq(bookings.rsvno, 'AA100009'));
    const b = await loadMailBooking(t.ctx.db, t.ctx.config, 'AA100009');
    expect(b?.lang).toBe('en');
    expect(b?.loginUrl).toMatch(/\/en\/login$/);
    expect(bookingPaidMail(b!).subject).toContain('[Sakura Travel]');
    // The option's own texts in English too, and the booking's copy of the meeting point.
    expect(b?.lines[0]?.webname).not.toMatch(JAPANESE_SCRIPT);
    expect(b?.meetpoint ?? '').not.toMatch(JAPANESE_SCRIPT);
    await t.ctx.db.update(bookings).set({ lang: 'ja' }).where(eq(bookings.rsvno, 'AA100009'));
    const japanese = await loadMailBooking(t.ctx.db, t.ctx.config, 'AA100009');
    expect(japanese?.lines[0]?.webname).toMatch(JAPANESE_SCRIPT);
  });
});

describe('the day-before and waiting-list mails in the entry’s language', () => {
  const line = {
    ...full.lines[0]!,
    departureTime: null,
    webname: 'Hakuba boots rental',
    meetpoint: 'Alps Rental, Hakuba Happo',
    address: 'Hakuba, Nagano',
    companyname: 'Alps Rental',
    tel: '0261-55-0505',
    hours: '7:30–17:00',
    lat: 36.6983,
    lon: 137.8322,
    rentalcd: '1',
    note: 'Parking behind the shop is free.',
  };
  const english: MailBooking = {
    ...full,
    sei: 'SMITH',
    mei: 'JANE',
    lang: 'en',
    loginUrl: 'http://localhost:3000/en/login',
    rentals: [{ seq: 1, sei: 'SMITH', mei: 'JANE', model: '1', bootsSize: '26.5', wearSize: 'L' }],
  };
  const entry = {
    lang: 'en' as const,
    mail: 'jane@example.com',
    webname: 'Hakuba boots rental',
    usedate: '2026-12-19',
    party: 2,
    url: 'http://localhost:3000/en/detail?opcd=OP0003&usedate=20261219&waitlist=t',
  };

  it('mails the day before in English: where, when, the map, what to bring, the shop’s note', () => {
    const mail = dayBeforeMail(english, '20261219', [line]);
    expect(mail.subject).toBe('[Sakura Travel] Your trip tomorrow (booking AB123456)');
    for (const part of [
      'Dear JANE SMITH,',
      'tomorrow, 19 Dec 2026',
      'Check-in hours',
      'Contact on the day: Alps Rental, TEL 0261-55-0505',
      'See the meeting point on a map.',
      '- Parking behind the shop is free.',
      'A note from Hakuba boots rental',
      'Parking behind the shop is free.',
      'Warm things not included in the rental',
      'http://localhost:3000/en/login',
    ]) {
      expect(mail.body).toContain(part);
    }
    expect(mail.body.replaceAll('―', '')).not.toMatch(JAPANESE_SCRIPT);
    expect(mail.body).not.toMatch(/[　：・■]/);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('Open the map');
  });

  it('mails the waiting list’s registration and offer in English, the hold until in Japan time', () => {
    const joined = waitlistJoinedMail(entry);
    expect(joined.subject).toBe('[Sakura Travel] You are on the waiting list');
    expect(joined.body).toContain('19 Dec 2026');
    expect(joined.body).toContain('2 people');
    const offered = waitlistOfferedMail({ ...entry, held: 2, expiresAt: new Date('2026-11-24T04:30:00Z') });
    expect(offered.body).toContain('by 24 Nov 2026, 13:30 (Japan time)');
    expect(offered.body).toContain('2 places');
    for (const mail of [joined, offered]) {
      expect(mail.body.replaceAll('―', '')).not.toMatch(JAPANESE_SCRIPT);
      expect(mail.body).toContain(entry.url);
    }
  });

  it('keeps the Japanese mails word for word', () => {
    const mail = dayBeforeMail({ ...english, lang: 'ja', sei: '小林', mei: '亮' }, '20261219', [line]);
    expect(mail.subject).toBe('【さくらトラベル】明日のご利用のご案内（予約番号：AB123456）');
    expect(mail.body).toContain('明日 2026/12/19 のご利用について');
    expect(waitlistJoinedMail({ ...entry, lang: 'ja' }).subject).toBe('【さくらトラベル】キャンセル待ちに登録しました');
    expect(waitlistJoinedMail({ ...entry, lang: 'ja' }).body).toContain('2名');
  });
});

describe('outbox worker', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tabi-mail-'));
    t = await createTestApp({ config: { dataDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes .eml files under DATA_DIR/outbox when no SMTP server is configured', async () => {
    await enqueueMail(t.ctx.db, bookingPaidMail(sample));
    const sender = createMailSender(t.ctx, quiet);
    expect(await processOutbox(t.ctx, sender, quiet)).toBe(1);
    expect(await processOutbox(t.ctx, sender, quiet)).toBe(0);
    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/booking_paid-AB123456\.eml$/);
    const eml = await readFile(path.join(dataDir, 'outbox', files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: taro@example.com');
    expect(eml).toMatch(/Content-Type: multipart\/alternative/);
    expect(eml).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(eml).toMatch(/Content-Type: text\/html; charset=utf-8/);
    expect(eml).toContain('X-Booking-Number: AB123456');
    const [row] = await t.ctx.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    sender.close();
  });

  it('keeps mails pending while the SMTP server is down and sends them once it is back', async () => {
    const port = await freePort();
    const smtpCtx = { ...t.ctx, config: { ...t.ctx.config, smtpUrl: `smtp://127.0.0.1:${port}` } };
    await t.ctx.db.delete(outbox);
    await enqueueMail(t.ctx.db, requestReceivedMail(sample));
    await enqueueMail(t.ctx.db, cancellationMail(sample, 0, 20000));
    const sender = createMailSender(smtpCtx, quiet);

    expect(await processOutbox(smtpCtx, sender, quiet)).toBe(0);
    let rows = await t.ctx.db.select().from(outbox);
    expect(rows.every((r) => r.status === 'pending' && r.attempts === 1 && r.lastError)).toBe(true);
    // Not due yet: nothing is tried again before the backoff.
    expect(await processOutbox(smtpCtx, sender, quiet)).toBe(0);
    expect((await t.ctx.db.select().from(outbox)).every((r) => r.attempts === 1)).toBe(true);

    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    try {
      t.clock.advance(retryDelayMs(1) + 1000);
      expect(await processOutbox(smtpCtx, sender, quiet)).toBe(2);
      rows = await t.ctx.db.select().from(outbox);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 2)).toBe(true);
      expect(received).toHaveLength(2);
      expect(received.join('\n')).toContain('X-Booking-Number: AB123456');
    } finally {
      sender.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('sends the HTML part and the .ics file stored in the outbox row', async () => {
    await t.ctx.db.delete(outbox);
    const files = path.join(dataDir, 'outbox');
    await rm(files, { recursive: true, force: true });
    await enqueueMail(t.ctx.db, bookingPaidMail(full));
    const [row] = await t.ctx.db.select().from(outbox);
    expect(row?.html).toContain('<html lang="ja">');
    expect(row?.attachments.map((a) => a.filename)).toEqual(['booking-AB123456.ics']);
    const sender = createMailSender(t.ctx, quiet);
    expect(await processOutbox(t.ctx, sender, quiet)).toBe(1);
    sender.close();
    const [file] = await readdir(files);
    const eml = await readFile(path.join(files, file ?? ''), 'utf8');
    expect(eml).toMatch(/Content-Type: multipart\/mixed/);
    expect(eml).toMatch(/Content-Type: multipart\/alternative/);
    expect(eml).toMatch(/Content-Type: text\/html; charset=utf-8/);
    const unfolded = eml.replace(/\r?\n[ \t]+/g, ' ');
    expect(unfolded).toMatch(
      /Content-Type: text\/calendar; charset=utf-8; method=PUBLISH; name="?booking-AB123456\.ics/,
    );
    expect(unfolded).toMatch(/Content-Disposition: attachment; filename="?booking-AB123456\.ics/);
  });

  it('gives up after the maximum number of attempts', async () => {
    await t.ctx.db.delete(outbox);
    await enqueueMail(t.ctx.db, requestDeclinedMail(sample));
    await t.ctx.db.update(outbox).set({ attempts: 9 });
    const failing = { send: async () => Promise.reject(new Error('boom')), close: () => {} };
    // attempts 9 → due immediately because next_attempt_at defaults to the database's now.
    t.clock.set(new Date(Date.now() + 60_000));
    await processOutbox(t.ctx, failing, quiet);
    const [row] = await t.ctx.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'failed', attempts: 10, lastError: 'boom' });
  });

  it('startWorkers runs the mail loop and stops cleanly', async () => {
    await t.ctx.db.delete(outbox);
    await enqueueMail(t.ctx.db, requestConfirmedMail(sample));
    const log = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Parameters<typeof startWorkers>[1];
    const workers = startWorkers(t.ctx, log, { mailMs: 20, sweepMs: 20 });
    await expect
      .poll(async () => (await t.ctx.db.select().from(outbox).where(eq(outbox.status, 'sent'))).length, {
        timeout: 10_000,
      })
      .toBe(1);
    await workers.stop();
  });

  it('sends a mail queued between two runs within about a second, not at the next interval', async () => {
    await t.ctx.db.delete(outbox);
    const log = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Parameters<typeof startWorkers>[1];
    const workers = startWorkers(t.ctx, log, { mailMs: 600_000, sweepMs: 600_000 });
    try {
      // The loop's first run finds nothing; the next is ten minutes away unless the commit below brings it forward.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await t.ctx.db.transaction(async (tx) => {
        await enqueueMail(tx, requestConfirmedMail(sample));
        await enqueueMail(tx, requestDeclinedMail(sample));
      });
      const queuedAt = Date.now();
      await expect
        .poll(async () => (await t.ctx.db.select().from(outbox).where(eq(outbox.status, 'sent'))).length, {
          timeout: 5_000,
          interval: 50,
        })
        .toBe(2);
      expect(Date.now() - queuedAt).toBeLessThan(3_000);
    } finally {
      await workers.stop();
    }
  });
});
