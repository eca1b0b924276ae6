/**
 * Retention at a company's size: one run over the old data of 100,000 bookings (their ended my-page
 * sessions, their sent mails past MAIL_RETENTION_DAYS, their ended rate-limit windows) removes all of it, keeps
 * what is live; and among 100,000 live sessions and windows it finds the few ended ones through its indexes,
 * without reading either table.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { MAIL_PURGED_BODY, runRetention } from './service.ts';

const ROWS = 100_000;
const LIVE = 50;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.db;
  const now = t.clock.now();
  const longAgo = new Date(now.getTime() - 200 * 86_400_000);
  // Live: signed in 59 minutes ago and seen a minute ago (idle after 60 minutes, ended after 24 hours).
  const signedIn = new Date(now.getTime() - 59 * 60_000);
  const seen = new Date(now.getTime() - 60_000);
  // Bookings themselves stay (their people are the privacy job's); their numbers are AB000000…
  await db.execute(sql`insert into bookings (rsvno, state, status, status_payment, rsvdate, fromdate, todate, sei, mei, tel,
      tel_normalized, mail, amountjp, lang, cancel_policy)
    select 'AB' || lpad(i::text, 6, '0'), 'paid', 1, 1, ${longAgo}, '2026-05-01', '2026-05-01', 'ヤマダ', 'タロウ',
      '09012345678', '09012345678', 'taro@example.com', 1000, 'ja', '[]'::jsonb
    from generate_series(0, ${ROWS - 1}) as i`);
  await db.execute(sql`insert into customer_sessions (token_hash, rsvno, created_at, last_seen_at)
    select md5(i::text) || md5((i + 1)::text), 'AB' || lpad(i::text, 6, '0'),
      case when i < ${LIVE} then ${signedIn}::timestamptz else ${longAgo}::timestamptz end,
      case when i < ${LIVE} then ${seen}::timestamptz else ${longAgo}::timestamptz end
    from generate_series(0, ${ROWS - 1}) as i`);
  await db.execute(sql`insert into outbox (kind, rsvno, "to", subject, body, html, attachments, status, sent_at, created_at)
    select 'booking_paid', 'AB' || lpad(i::text, 6, '0'), 'taro@example.com', 'ご予約ありがとうございます',
      repeat('本文', 200), '<p>本文</p>', '[]'::jsonb, 'sent',
      case when i < ${LIVE} then ${now}::timestamptz else ${longAgo}::timestamptz end, ${longAgo}
    from generate_series(0, ${ROWS - 1}) as i`);
  await db.execute(sql`insert into rate_limits (key, count, reset_at)
    select 'login:ip:' || i, 1, case when i < ${LIVE} then ${new Date(now.getTime() + 60_000)}::timestamptz
      else ${longAgo}::timestamptz end
    from generate_series(0, ${ROWS - 1}) as i`);
  await db.execute(sql`analyze`);
}, 300_000);

afterAll(async () => {
  await t.close();
});

describe('retention of 100,000 bookings’ old data', () => {
  it('removes all of it in one run and keeps what is live', async () => {
    const result = await runRetention(t.ctx);
    expect(result).toEqual({
      mailContent: ROWS - LIVE,
      customerSessions: ROWS - LIVE,
      staffSessions: 0,
      rateLimits: ROWS - LIVE,
    });
    const [left] = rowsOf<{ sessions: number; mails: number; purged: number; limits: number }>(
      await t.ctx.db.execute(sql`select (select count(*)::int from customer_sessions) as sessions,
        (select count(*)::int from outbox where body <> ${MAIL_PURGED_BODY}) as mails,
        (select count(*)::int from outbox where purged_at is not null) as purged,
        (select count(*)::int from rate_limits) as limits`),
    );
    expect(left).toEqual({ sessions: LIVE, mails: LIVE, purged: ROWS - LIVE, limits: LIVE });
  });

  it('finds the few ended among 100,000 live sessions and windows through its indexes, reading neither table', async () => {
    const db = t.ctx.db;
    const now = t.clock.now().getTime();
    const at = (ms: number) => new Date(now + ms);
    await db.execute(sql`insert into customer_sessions (token_hash, rsvno, created_at, last_seen_at)
      select 'live' || i, 'AB' || lpad(i::text, 6, '0'),
        case when i < 10 then ${at(-25 * 3_600_000)}::timestamptz else ${at(-3_600_000)}::timestamptz end,
        case when i between 10 and 19 then ${at(-61 * 60_000)}::timestamptz else ${at(-60_000)}::timestamptz end
      from generate_series(0, ${ROWS - 1}) as i`);
    await db.execute(sql`insert into rate_limits (key, count, reset_at)
      select 'booking:ip:' || i, 1, case when i < 10 then ${at(-1_000)}::timestamptz else ${at(60_000)}::timestamptz end
      from generate_series(0, ${ROWS - 1}) as i`);
    await db.execute(sql`analyze customer_sessions, rate_limits`);
    const scans = async () =>
      rowsOf<{ relname: string; seq_scan: number }>(
        await db.execute(sql`select relname, seq_scan::int from pg_stat_user_tables
          where relname in ('customer_sessions', 'rate_limits') order by relname`),
      );
    await db.execute(sql`select pg_stat_force_next_flush()`);
    const before = await scans();

    const result = await runRetention(t.ctx);

    await db.execute(sql`select pg_stat_force_next_flush()`);
    expect(result).toMatchObject({ customerSessions: 20, rateLimits: 10 });
    expect(await scans()).toEqual(before);
  });
});
