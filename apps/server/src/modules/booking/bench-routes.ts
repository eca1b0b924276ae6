/**
 * The bookings benchmark's own routes (BENCH_ROUTES=1, scripts/bench.mjs only):
 * - POST /_bench/booking-floor: the floor. The booking's own SQL ({@link placeBooking}, the very function
 *   POST /booking runs after its rate limit) issued by `clients` workers on a plain pg pool of `clients`
 *   connections (at most 50) to the same database (PGlite: the server's own handle), with no HTTP, no rate limit and
 *   no JSON in between. When the booking's transaction changes, the floor changes with it.
 * - POST /_bench/shared: a copy of an option that also takes a shared resource and a rental size (ADR 0209), for the
 *   bench of bookings with both beside the same booking without; with `resources: false`, the same rental option
 *   taking neither, so that the two rows differ by the resource and the size alone.
 * - POST /_bench/timed: an option's whole days made into departures at set times, for the bench of bookings by start
 *   time (the demo's timed options are far too small for thousands of bookings a second).
 * - GET /_bench/stock: each departure's stock as the database holds it now, not as the cached calendar shows it
 *   (a calendar is only refreshed when what a visitor sees changes, migration 0006), for the oversold checks:
 *   the seats left, the seats live bookings hold unpaid or requested (`held`) and have paid for (`sold`).
 */
import { createBookingRequest } from '@tabi/contract/booking';
import { BookingStatus, ErrCd, PaymentStatus, SHOE_SIZES } from '@tabi/contract/constants';
import { ymdToIsoDate } from '@tabi/contract/dates';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import type { BenchStockDay } from '../../bench/types.ts';
import { percentile } from '../../bench/visitor.ts';
import { todayIn } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { type Db, rowsOf } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { AppError, parseInput } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { placeBooking } from './service.ts';

const floorRequest = z.object({
  clients: z.number().int().min(1).max(1000),
  seconds: z.number().min(0.1).max(600),
  /** Request bodies as POST /booking receives them, used round-robin. */
  bodies: z.array(z.unknown()).min(1),
});

const stockQuery = z.object({
  opcd: z.string().min(1).max(20),
  from: z.iso.date(),
  to: z.iso.date(),
});

const sharedRequest = z.object({
  opcd: z.string().min(1).max(20),
  like: z.string().min(1).max(20),
  /** false: the same rental option of its own shop, without the boat and without any stock counted. */
  resources: z.boolean().default(true),
});

const timedRequest = z.object({
  opcd: z.string().min(1).max(20),
  /** Start times, HH:MM before 20:00 so that each ends on its own day. */
  times: z
    .array(z.string().regex(/^(0[0-9]|1[0-9]):[0-5][0-9]$/))
    .min(1)
    .max(6),
  minutes: z.number().int().min(1).max(240),
});

/** At 200 clients the floor's 200 workers share 50 connections. */
const FLOOR_CONNECTIONS_MAX = 50;

export function registerBookingBenchRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/_bench/booking-floor', async (request) => {
    const { clients, seconds, bodies } = parseInput(floorRequest, request.body);
    const inputs = bodies.map((b) => parseInput(createBookingRequest, b));
    // One connection per client, up to FLOOR_CONNECTIONS_MAX: PostgreSQL's max_connections (100 by
    // default) is shared with the server and with everyone else on the database server.
    const connections = Math.min(clients, FLOOR_CONNECTIONS_MAX);
    const pool = ctx.config.databaseUrl
      ? new pg.Pool({ connectionString: ctx.config.databaseUrl, max: connections })
      : undefined;
    try {
      const db = pool ? (drizzle(pool, { schema }) as unknown as Db) : ctx.db;
      if (pool) {
        // Every connection open before the clock starts, as the server's pool is after its warm-up.
        const opened = await Promise.all(Array.from({ length: connections }, () => pool.connect()));
        for (const c of opened) c.release();
      }
      // On the server's own database the floor keeps the option's read as the server does.
      const floorCtx = {
        db,
        clock: ctx.clock,
        config: ctx.config,
        ...(pool ? {} : { notifications: ctx.notifications }),
      };
      const latencies: number[] = [];
      let booked = 0;
      let soldOut = 0;
      let failures = 0;
      let cursor = 0;
      const started = performance.now();
      const deadline = started + seconds * 1000;
      const worker = async () => {
        while (performance.now() < deadline) {
          const input = inputs[cursor++ % inputs.length];
          if (!input) return;
          const t0 = performance.now();
          try {
            await placeBooking(floorCtx, input, request.ip, null);
            booked++;
          } catch (error) {
            if (error instanceof AppError && error.errcd === ErrCd.noStock) soldOut++;
            else failures++;
          }
          latencies.push(performance.now() - t0);
        }
      };
      await Promise.all(Array.from({ length: clients }, worker));
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      return ok({
        booked,
        soldOut,
        failures,
        seconds: elapsed,
        p50: Math.round(percentile(latencies, 50)),
        p99: Math.round(percentile(latencies, 99)),
      });
    } finally {
      await pool?.end();
    }
  });

  app.get('/_bench/stock', async (request) => {
    const q = parseInput(stockQuery, request.query);
    // Written here, not borrowed from the console's stock calendar, so that the benches check that code.
    const rows = rowsOf<BenchStockDay & { held: number | string; sold: number | string }>(
      await ctx.db.execute(sql`
        select to_char(s.usedate, 'YYYY-MM-DD') as usedate, s.start_time, s.zaikozan, s.adultbaika,
          coalesce(sum(bo.seats) filter (where bk.status_payment = ${PaymentStatus.uncompleted}), 0) as held,
          coalesce(sum(bo.seats) filter (where bk.status_payment = ${PaymentStatus.completed}), 0) as sold
        from departures s
        left join (booking_options bo join bookings bk on bk.rsvno = bo.rsvno and bk.status <> ${BookingStatus.canceled})
          on bo.opcd = s.opcd and bo.usedate = s.usedate and bo.start_time = s.start_time
        where s.opcd = ${q.opcd} and s.usedate between ${q.from}::date and ${q.to}::date
        group by s.usedate, s.start_time, s.zaikozan, s.adultbaika
        order by s.usedate, s.start_time`),
    );
    const stock: BenchStockDay[] = rows.map((r) => ({ ...r, held: Number(r.held), sold: Number(r.sold) }));
    return ok({ stock });
  });

  app.post('/_bench/shared', async (request) => {
    const { opcd, like, resources } = parseInput(sharedRequest, request.body);
    // A copy of a roomy option (its row and its departures) that also takes a unit of a shared boat per traveller and
    // a pair of boots of the traveller's size from its rental shop (ADR 0209), each with room for any bench: the
    // booking's cost with resources and sizes, beside the same option's without.
    await ctx.db.transaction(async (tx) => {
      const [shop] = rowsOf<{ id: number }>(
        await tx.execute(sql`insert into facilities (name, pin_hash) values ('ベンチ用レンタル店', '') returning id`),
      );
      const [boat] = rowsOf<{ id: number }>(
        await tx.execute(sql`insert into resources (name, kind, capacity, per)
          values ('ベンチ用の船', 'vehicle', 1000000, 'day') returning id`),
      );
      if (!shop || !boat) throw new Error('the bench resources were not written');
      const copied = sql`jsonb_build_object('opcd', ${opcd}::text, 'rentalcd', '3', 'facility_id', ${shop.id}::int)`;
      await tx.execute(sql`insert into options
        select (jsonb_populate_record(null::options, to_jsonb(o) || ${copied})).* from options o where o.opcd = ${like}`);
      // Seats for any bench on every day, as the boat and the boots have: a day that sells out midway answers 在庫不足
      // faster than it books, which moved the two rows apart by their seats rather than by what they take.
      await tx.execute(sql`insert into departures
        select (jsonb_populate_record(null::departures,
          to_jsonb(d) || jsonb_build_object('opcd', ${opcd}::text, 'zaikozan', 1000000))).*
        from departures d where d.opcd = ${like} and d.zaikozan > 0`);
      if (!resources) return;
      await tx.execute(
        sql`insert into option_resources (opcd, resource_id, usage) values (${opcd}, ${boat.id}, 'traveller')`,
      );
      await tx.execute(sql`insert into rental_stock (facility_id, item, size, quantity)
        select ${shop.id}, 'boots', s, 1000000 from unnest(${sql.param([...SHOE_SIZES])}::text[]) as s`);
    });
    return ok({ opcd });
  });

  app.post('/_bench/timed', async (request) => {
    const { opcd, times, minutes } = parseInput(timedRequest, request.body);
    // Each whole day nobody has booked becomes departures at `times`, each with the day's seats and prices: an option
    // as roomy as the whole-day one the bench books, sold by start time.
    const made = rowsOf<{ n: number | string }>(
      await ctx.db.execute(sql`
        with days as (
          delete from departures d
          where d.opcd = ${opcd} and d.start_time = '' and d.usedate > ${ymdToIsoDate(todayIn(ctx.clock))}::date
            and not exists (select 1 from booking_options bo where bo.opcd = d.opcd and bo.usedate = d.usedate)
          returning d.*
        ), made as (
          insert into departures (opcd, usedate, start_time, end_time, zaikozan, adultbaika, middlebaika, childbaika,
            infantbaika)
          select days.opcd, days.usedate, t.start_time,
            to_char(t.start_time::time + make_interval(mins => ${minutes}), 'HH24:MI'),
            days.zaikozan, days.adultbaika, days.middlebaika, days.childbaika, days.infantbaika
          from days cross join unnest(${sql.raw(`array[${times.map((t) => `'${t}'`).join(',')}]`)}::text[]) as t(start_time)
          returning 1
        )
        select count(*) as n from made`),
    );
    return ok({ departures: Number(made[0]?.n ?? 0) });
  });
}
