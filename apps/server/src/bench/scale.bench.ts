/**
 * The console at a company's size: `npm run bench -- --only=scale --db=postgres` gives the bench database
 * 1,000 options with two years of stock each, grows it to 100,000 and then 1,000,000 bookings (each with its option
 * line, two travellers, its created event and its mail) spread over them, {@link PER_DAY} a day: the same company
 * after 73 days and after two years. It times every console screen's call at each size: p50 and the worst of
 * {@link RUNS} calls, then the growth factor from the first size to the last. A screen more than 2× slower at the
 * largest size, or above 200 ms there, fails the row (a streamed CSV: its first bytes within both, all its rows
 * within 2×). PostgreSQL only (PGlite is the demo's database); sizes with `--scale=100000,1000000`.
 *
 * Runs only when named (`--only=scale`): growing to a million bookings takes minutes.
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import { addDays, addMonths, monthStart, tokyoYmd } from '@tabi/contract/dates';
import pg from 'pg';
import type { BenchMeasurement, BenchSuite, BenchTarget } from './types.ts';
import { benchHeaders, csrf, percentile } from './visitor.ts';

const RUNS = 11;
const SLOWEST_MS = 200;
const GROWTH_MAX = 2;
const BATCH = 100_000;
const OPTIONS = 1_000;
const STOCK_DAYS = 730;
/**
 * Bookings received per day: a million in two years (DESIGN §9). A company's day stays the same size as its history
 * grows, so 100,000 bookings are its last 73 days and a million its last two years (ADR 0186).
 */
const PER_DAY = 1_370;

function named(): boolean {
  return process.argv.some((a) => a.startsWith('--only=') && a.slice(7).split(',').includes('scale'));
}

function sizes(): number[] {
  const arg = process.argv.find((a) => a.startsWith('--scale='));
  return (arg?.slice(8) ?? '100000,1000000').split(',').map(Number);
}

/**
 * Bookings S0000001… in one statement per batch: {@link PER_DAY} a day, S0000001 the newest and each next one received
 * earlier (growing the size adds older history, as a company that has run longer has), used up to 90 days after, one
 * of 16 family and 10 given names (山田, 佐藤… and Latin ones), a phone and a mail of their own; a tenth canceled, a
 * fiftieth a request (waiting for its answer in its first 14 days only); each line on one of the demo's options, two travellers, a created event, a sent mail.
 */
async function grow(db: pg.Client, from: number, to: number, opcds: string[]): Promise<void> {
  for (let start = from + 1; start <= to; start += BATCH) {
    const end = Math.min(to, start + BATCH - 1);
    await db.query(
      `with g as (
        select g, 'S' || lpad(g::text, 7, '0') as rsvno,
          now() - make_interval(secs => (g - 1) * 86400.0 / $4::int) as rsvdate,
          (array['山田','佐藤','鈴木','高橋','田中','伊藤','渡辺','中村','小林','加藤','吉田','山本','SMITH','JONES','WANG','KIM'])[1 + g % 16] as sei,
          (array['太郎','花子','健太','美咲','翔','陽菜','JOHN','EMMA','WEI','MINJUN'])[1 + (g / 16) % 10] as mei,
          '090' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0') as tel,
          $3::text[] as opcds
        from generate_series($1::int, $2::int) g
      ), b as (
        insert into bookings (rsvno, state, status, status_payment, flg_request_rsv, rsvdate, fromdate, todate, sei,
          mei, tel, tel_normalized, mail, amountjp, md, lang, cancel_policy, client_ip, canceled_at, cancel_reason,
          personal_erased_at)
        -- A request is answered (confirmed and paid) within 14 days; only the latest are still waiting.
        select rsvno,
          case when g % 50 = 1 and rsvdate > now() - interval '14 days' then 'requested'
            when g % 10 = 0 and g % 50 <> 1 then 'canceled' else 'paid' end,
          case when g % 50 = 1 and rsvdate > now() - interval '14 days' then 6 when g % 50 = 1 then 1
            when g % 10 = 0 then 4 else 1 end,
          case when (g % 50 = 1 and rsvdate > now() - interval '14 days') or (g % 10 = 0 and g % 50 <> 1) then 0
            else 1 end, case when g % 50 = 1 then 1 else 0 end, rsvdate,
          rsvdate::date + g % 90, rsvdate::date + g % 90, sei, mei, tel, tel, 'guest' || g || '@example.com', 8000, '',
          'ja', '[]', '10.0.0.1', case when g % 10 = 0 and g % 50 <> 1 then rsvdate end,
          case when g % 10 = 0 and g % 50 <> 1 then 'customer' end,
          -- Erased as the privacy job would have, 90 days after use or 30 after a cancellation: it has nothing to
          -- catch up on while we measure.
          case when rsvdate::date + g % 90 < current_date - 100 then rsvdate + interval '200 days'
            when g % 10 = 0 and g % 50 <> 1 and rsvdate < now() - interval '40 days' then rsvdate + interval '35 days'
          end
        from g
      ), o as (
        insert into booking_options (rsvno, opcd, usedate, adultqty, adultbaika, seats)
        select rsvno, opcds[1 + g % array_length(opcds, 1)], rsvdate::date + g % 90, 2, 4000, 2 from g
      ), m as (
        insert into booking_members (rsvno, seq, sei, mei, birthday, sex, ageclass, nationality_id, rsvdate)
        select rsvno, s, sei, case when s = 1 then mei else '次郎' end, '1990-01-01', '1', '1', 1, rsvdate
        from g, generate_series(1, 2) s
      ), e as (
        insert into booking_events (rsvno, at, actor_kind, actor, action, after)
        select rsvno, rsvdate, 'customer', 'customer', 'created', '{}'::jsonb from g
      )
      -- Past MAIL_RETENTION_DAYS (90) a mail keeps its row only, as the retention job leaves it.
      insert into outbox (kind, rsvno, "to", subject, body, status, attempts, sent_at, created_at, next_attempt_at,
        purged_at)
      select 'booking_paid', rsvno, 'guest' || g || '@example.com', 'ご予約とお支払いが完了しました',
        case when rsvdate < now() - interval '90 days' then '（保存期間を過ぎたため本文は削除されました）'
          else repeat('本文', 400) end,
        'sent', 1, rsvdate, rsvdate, rsvdate,
        case when rsvdate < now() - interval '90 days' then rsvdate + interval '91 days' end
      from g`,
      [start, end, opcds, PER_DAY],
    );
  }
  // What autovacuum does to a table after bulk inserts (the visibility map lets counts read their index only).
  await db.query('vacuum analyze');
}

/**
 * The catalog of a real company: copies of the demo's options (every column but the code, listed from the table
 * itself so that a new column is copied too) up to {@link OPTIONS}, each with {@link STOCK_DAYS} days of stock from
 * today at prices of its own. Answers every option's code.
 */
async function growCatalog(db: pg.Client): Promise<string[]> {
  const columns = (
    await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = 'options' and column_name <> 'opcd'
        order by ordinal_position`,
    )
  ).rows.map((r) => `"${r.column_name}"`);
  const demo = (await db.query<{ opcd: string }>('select opcd from options order by opcd')).rows.map((r) => r.opcd);
  const copies = OPTIONS - demo.length;
  if (copies > 0) {
    await db.query(
      `insert into options (opcd, ${columns.join(', ')})
        select 'SC' || lpad(g::text, 4, '0'), ${columns.map((c) => `o.${c}`).join(', ')}
        from generate_series(1, $1::int) g
        join (select row_number() over (order by opcd) - 1 as i, * from options) o on o.i = g % $2::int`,
      [copies, demo.length],
    );
    await db.query(
      `insert into departures (opcd, usedate, zaikozan, adultbaika, childbaika)
        select o.opcd, current_date + d, 10 + (hashtext(o.opcd) & 15), 3000 + 500 * ((hashtext(o.opcd) + d) & 15), 1500
        from options o, generate_series(0, $1::int - 1) d
        where o.opcd like 'SC%'`,
      [STOCK_DAYS],
    );
  }
  return (await db.query<{ opcd: string }>('select opcd from options order by opcd')).rows.map((r) => r.opcd);
}

async function signIn(baseUrl: string): Promise<Record<string, string>> {
  const token = await csrf(baseUrl);
  const res = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: benchHeaders(token),
    body: JSON.stringify({ mail: 'operator@example.co.jp', password: 'sakura-operator-demo' }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${STAFF_COOKIE}=`));
  if (!res.ok || !cookie) throw new Error(`staff sign-in answered ${res.status}`);
  return benchHeaders(token, cookie);
}

/**
 * A console screen's call, as its page makes it. A streamed one (the CSV) is timed twice: to its first bytes, which the staff member waits
 * for and which is held to the 200 ms bound, and to its last, which grows with the rows asked for and is held to the
 * growth bound only.
 */
interface Operation {
  name: string;
  path: string;
  streamed?: boolean;
}

function operations(size: number): Operation[] {
  const today = tokyoYmd(new Date());
  const lastMonth = monthStart(addMonths(today, -1));
  const monthEnd = addDays(monthStart(today), -1);
  const probe = Math.floor(size / 2);
  const tel = `090${String((probe * 7919) % 100_000_000).padStart(8, '0')}`;
  return [
    { name: '予約一覧 page 1', path: '/api/admin/bookings' },
    { name: '予約一覧 by use date, page 20', path: '/api/admin/bookings?sort=usedate&dir=desc&page=20' },
    { name: '予約一覧 name 山田 (2 characters)', path: `/api/admin/bookings?name=${encodeURIComponent('山田')}` },
    { name: '予約一覧 name 佐藤花子', path: `/api/admin/bookings?name=${encodeURIComponent('佐藤花子')}` },
    { name: '予約一覧 name 山 (1 character)', path: `/api/admin/bookings?name=${encodeURIComponent('山')}` },
    {
      name: '予約一覧 name 山田 by use date',
      path: `/api/admin/bookings?name=${encodeURIComponent('山田')}&sort=usedate&dir=desc`,
    },
    { name: '予約一覧 phone (8 digits)', path: `/api/admin/bookings?tel=${tel.slice(3)}` },
    { name: '予約一覧 mail', path: `/api/admin/bookings?mail=guest${probe}@` },
    // Without an '@', a part of the address is looked up by its trigrams, which every address here shares (gue, est).
    { name: '予約一覧 mail, part without @', path: `/api/admin/bookings?mail=guest${Math.floor(probe / 10)}` },
    { name: '予約詳細', path: `/api/admin/bookings/S${String(probe).padStart(7, '0')}` },
    { name: 'メール', path: '/api/admin/mails' },
    { name: 'ダッシュボード', path: '/api/admin/dashboard' },
    { name: '参加者名簿 tomorrow', path: `/api/admin/manifest?date=${addDays(today, 1)}` },
    { name: 'public list by price', path: '/api/option?sort=price_asc' },
    {
      name: 'CSV of last month',
      path: `/api/admin/bookings.csv?rsvfrom=${lastMonth}&rsvto=${monthEnd}`,
      streamed: true,
    },
  ];
}

/** Each call's time to its first bytes and to its last, sorted, of {@link RUNS} calls after one that warms up. */
async function time(
  baseUrl: string,
  headers: Record<string, string>,
  path: string,
): Promise<{ first: number[]; last: number[] }> {
  const { 'content-type': _json, ...get } = headers;
  const first: number[] = [];
  const last: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}${path}`, { headers: get });
    if (!res.ok || !res.body) throw new Error(`${path} answered ${res.status}`);
    const reader = res.body.getReader();
    await reader.read();
    const t1 = performance.now();
    while (!(await reader.read()).done) {}
    // The first call warms the connection and the plan cache.
    if (i > 0) {
      first.push(t1 - t0);
      last.push(performance.now() - t0);
    }
  }
  const sorted = (a: number[]) => a.sort((x, y) => x - y);
  return { first: sorted(first), last: sorted(last) };
}

const measured = new Set<string>();

export const suite: BenchSuite = {
  name: 'scale',
  order: 90,
  routes: () => [],
  async run(target: BenchTarget) {
    if (!named() || !target.databaseUrl || measured.has(target.baseUrl)) return [];
    measured.add(target.baseUrl);
    const db = new pg.Client({ connectionString: target.databaseUrl });
    await db.connect();
    const rows: BenchMeasurement[] = [];
    const firstP50 = new Map<string, number>();
    try {
      const catalogStarted = performance.now();
      const opcds = await growCatalog(db);
      console.log(
        `[scale] ${opcds.length} options with ${STOCK_DAYS} days of stock in ${Math.round((performance.now() - catalogStarted) / 1000)} s`,
      );
      let have = 0;
      const steps = sizes();
      for (const size of steps) {
        const started = performance.now();
        await grow(db, have, size, opcds);
        have = size;
        console.log(
          `[scale] ${size.toLocaleString('en')} bookings in ${Math.round((performance.now() - started) / 1000)} s`,
        );
        const headers = await signIn(target.baseUrl);
        const largest = size === steps.at(-1) && steps.length > 1;
        const row = (name: string, latencies: number[], bounded: boolean): BenchMeasurement => {
          const p50 = percentile(latencies, 50);
          const first = firstP50.get(name) ?? p50;
          firstP50.set(name, first);
          const growth = first > 0 ? p50 / first : 1;
          return {
            name: `${name} @ ${size.toLocaleString('en')}`,
            rps: 1000 / Math.max(p50, 0.001),
            p50: Math.round(p50 * 10) / 10,
            p99: Math.round((latencies.at(-1) ?? 0) * 10) / 10,
            note: largest ? `×${growth.toFixed(2)} from ${steps[0]?.toLocaleString('en')}` : `${RUNS} calls`,
            failed: largest && (growth > GROWTH_MAX || (bounded && p50 > SLOWEST_MS)),
          };
        };
        for (const op of operations(size)) {
          const { first, last } = await time(target.baseUrl, headers, op.path);
          if (op.streamed) {
            rows.push(row(`${op.name}, first bytes`, first, true), row(`${op.name}, every row`, last, false));
          } else rows.push(row(op.name, last, true));
        }
      }
    } finally {
      await db.end();
    }
    return rows;
  },
};
