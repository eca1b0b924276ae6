/**
 * 売上レポート (ADR 0169): one month of bookings by reception date in Tokyo, per 販売チャネル and option.
 * Counted: bookings that hold their seats (holdsSeats: the manifest's and the dashboard's rule) at their price, and
 * canceled bookings whose fee was kept, at that fee. Commission: retail less net_amount for a reseller's booking (the
 * same share of the fee for a canceled one), 0 for our own site. A booking of several options (a coupon set) is split
 * over its options by their prices, the yen left over by the rounding on its first option, so every total is exact.
 * One range scan of bookings_rsvdate_idx for the month, summed in the database. An option sold at start times
 * (ADR 0196) is also split by departure (start time), each line's departures adding up to it exactly.
 */
import { OWN_SITE_CHANNEL } from '@tabi/contract/admin-bookings';
import { unpaidGraceCutoff } from '@tabi/contract/booking-rules';
import { addMonths, tokyoDayStart } from '@tabi/contract/dates';
import type { SalesChannelTotal, SalesLine, SalesReport } from '@tabi/contract/resellers';
import { sql } from 'drizzle-orm';
import type { AppContextBase } from '../../context-base.ts';
import { rowsOf } from '../../db/client.ts';
import { toCsv } from '../admin/csv.ts';
import { bookingIs, holdsSeats } from '../booking/state-sql.ts';

type Ctx = Pick<AppContextBase, 'db' | 'clock'>;

interface Grouped {
  reseller_id: number | null;
  reseller_name: string | null;
  opcd: string | null;
  webname: string | null;
  start_time: string | null;
  /**
   * grouping() of (channel, option, start time): 0 on a departure's figures, 1 on an option's, 3 on a channel's
   * total (every option), 7 on the whole month's.
   */
  level: number | string;
  bookings: number | string;
  people: number | string;
  canceled: number | string;
  amount: number | string;
  commission: number | string;
}

/** The instants a month (`2026-11`) starts and ends in Tokyo. */
export function monthRange(month: string): { from: Date; to: Date } {
  const first = `${month.replace('-', '')}01`;
  return { from: tokyoDayStart(first), to: tokyoDayStart(addMonths(first, 1)) };
}

const figuresOf = (r: Grouped) => {
  const amount = Number(r.amount);
  const commission = Number(r.commission);
  return {
    bookings: Number(r.bookings),
    people: Number(r.people),
    canceled: Number(r.canceled),
    amount,
    commission,
    net: amount - commission,
  };
};

export async function salesReport(ctx: Ctx, month: string): Promise<SalesReport> {
  const { from, to } = monthRange(month);
  const cutoff = unpaidGraceCutoff(ctx.clock.now());
  const live = holdsSeats(cutoff);
  const rows = rowsOf<Grouped>(
    await ctx.db.execute(sql`
      with counted as (
        select b.rsvno, b.reseller_id, b.amountjp, b.net_amount, b.cancel_fee, ${live} as live
        from bookings b
        where b.rsvdate >= ${from} and b.rsvdate < ${to}
          and (${live} or (${bookingIs.canceled} and b.cancel_fee > 0))
      ), money as (
        select c.rsvno, c.reseller_id, c.live,
          (case when c.live then c.amountjp else c.cancel_fee end)::bigint as amount,
          (case when c.reseller_id is null or c.net_amount is null then 0
                when c.live then c.amountjp - c.net_amount
                when c.amountjp > 0 then floor(c.cancel_fee::numeric * (c.amountjp - c.net_amount) / c.amountjp)
                else 0 end)::bigint as commission
        from counted c
      ), lines as (
        select m.rsvno, m.reseller_id, m.live, m.amount, m.commission, bo.id as line_id, bo.opcd, bo.start_time,
          (bo.adultqty + bo.middleqty + bo.childqty + bo.infantqty) as people,
          (bo.adultqty::bigint * bo.adultbaika + bo.middleqty::bigint * bo.middlebaika
            + bo.childqty::bigint * bo.childbaika + bo.infantqty::bigint * bo.infantbaika) as sub
        from money m join booking_options bo on bo.rsvno = m.rsvno
      ), weighed as (
        select l.*, sum(l.sub) over w as total_sub, row_number() over (w order by l.line_id) as n
        from lines l window w as (partition by l.rsvno)
      ), shares as (
        select w.*,
          (case when w.total_sub > 0 then floor(w.amount::numeric * w.sub / w.total_sub)
                when w.n = 1 then w.amount else 0 end) as a0,
          (case when w.total_sub > 0 then floor(w.commission::numeric * w.sub / w.total_sub)
                when w.n = 1 then w.commission else 0 end) as c0
        from weighed w
      ), split as (
        select s.rsvno, s.reseller_id, s.opcd, s.start_time, s.live, s.people,
          s.a0 + (case when s.n = 1 then s.amount - sum(s.a0) over (partition by s.rsvno) else 0 end) as amount,
          s.c0 + (case when s.n = 1 then s.commission - sum(s.c0) over (partition by s.rsvno) else 0 end) as commission
        from shares s
      ), grouped as (
        select sp.reseller_id, sp.opcd, sp.start_time, grouping(sp.reseller_id, sp.opcd, sp.start_time) as level,
          count(distinct sp.rsvno) filter (where sp.live) as bookings,
          coalesce(sum(sp.people) filter (where sp.live), 0) as people,
          count(distinct sp.rsvno) filter (where not sp.live) as canceled,
          coalesce(sum(sp.amount), 0) as amount,
          coalesce(sum(sp.commission), 0) as commission
        from split sp
        group by grouping sets ((sp.reseller_id, sp.opcd, sp.start_time), (sp.reseller_id, sp.opcd), (sp.reseller_id), ())
      )
      select g.reseller_id, r.name as reseller_name, g.opcd, o.webname, g.start_time, g.level, g.bookings, g.people,
        g.canceled, g.amount, g.commission
      from grouped g
        left join resellers r on r.id = g.reseller_id
        left join options o on o.opcd = g.opcd
      order by (g.reseller_id is not null), r.name, g.reseller_id, g.level, o.sort, g.opcd, g.start_time`),
  );
  const channelOf = (r: Grouped) => {
    const id = r.reseller_id === null ? null : Number(r.reseller_id);
    return { resellerId: id, channel: id === null ? OWN_SITE_CHANNEL : (r.reseller_name ?? `#${id}`) };
  };
  const lines: SalesLine[] = [];
  const channels: SalesChannelTotal[] = [];
  let total: SalesReport['total'] = { bookings: 0, people: 0, canceled: 0, amount: 0, commission: 0, net: 0 };
  // A departure's figures come before its option's (by level): kept until the option's line takes them.
  const departures = new Map<string, SalesLine['departures']>();
  const lineKey = (r: Grouped) => `${r.reseller_id ?? ''}|${r.opcd ?? ''}`;
  for (const r of rows) {
    const level = Number(r.level);
    if (level === 0) {
      // A whole day's line ('') is the option's own; only start times are split out.
      if (r.start_time) {
        departures.set(lineKey(r), [
          ...(departures.get(lineKey(r)) ?? []),
          { startTime: r.start_time, ...figuresOf(r) },
        ]);
      }
    } else if (level === 1) {
      lines.push({
        ...channelOf(r),
        opcd: r.opcd ?? '',
        webname: r.webname ?? '',
        ...figuresOf(r),
        departures: departures.get(lineKey(r)) ?? [],
      });
    } else if (level === 3) {
      channels.push({ ...channelOf(r), ...figuresOf(r) });
    } else {
      total = figuresOf(r);
    }
  }
  const discounts = rowsOf<{ code: string; bookings: number | string; discount: number | string }>(
    await ctx.db.execute(sql`
      select d.code, count(*) as bookings, coalesce(sum(d.discount), 0) as discount
      from bookings b join booking_discounts d on d.rsvno = b.rsvno
      where b.rsvdate >= ${from} and b.rsvdate < ${to} and ${live}
      group by d.code order by d.code`),
  ).map((r) => ({ code: r.code, bookings: Number(r.bookings), discount: Number(r.discount) }));
  return { month, lines, channels, total, discounts };
}

export async function salesReportCsv(ctx: Ctx, month: string): Promise<string> {
  const report = await salesReport(ctx, month);
  const figures = (f: SalesReport['total']) => [f.bookings, f.people, f.canceled, f.amount, f.commission, f.net];
  return toCsv(
    [
      '区分',
      '年月（受付日）',
      '販売チャネル',
      '商品コード',
      '商品名',
      '予約件数',
      '人数',
      'キャンセル料のみの件数',
      '金額（円）',
      '手数料（円）',
      '差引（円）',
      // ADR 0196, last so that a sheet reading the columns by their place still finds them there: the start time
      // of a 便別 row (an option sold at start times, split by departure; its 明細 row is their sum).
      '開始時刻',
    ],
    [
      ...report.channels.flatMap((c) => [
        ...report.lines
          .filter((l) => l.resellerId === c.resellerId)
          .flatMap((l) => [
            ['明細', month, l.channel, l.opcd, l.webname, ...figures(l), ''],
            ...l.departures.map((d) => ['便別', month, l.channel, l.opcd, l.webname, ...figures(d), d.startTime]),
          ]),
        ['小計', month, c.channel, '', '', ...figures(c), ''],
      ]),
      ['合計', month, '', '', '', ...figures(report.total), ''],
      // 割引コード別: the code in 商品コード's column, its bookings and the yen it took off in 金額's.
      ...report.discounts.map((d) => ['割引', month, '', d.code, '', d.bookings, '', '', -d.discount, '', '', '']),
    ],
  );
}
