import { bookingSearchQuery, mailSearchQuery } from '@tabi/contract/admin';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { staffOnly } from '../staff/guard.ts';
import { optionChoices } from './repository.ts';
import * as admin from './service.ts';

/** The console's read-only screens (DESIGN §11): dashboard, booking list and its CSV, options, the outbox. */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const operator = { preHandler: staffOnly(ctx, 'operator') };

  app.get('/dashboard', operator, async () => ok(await admin.dashboard(ctx)));

  app.get('/bookings', operator, async (request) => {
    const query = parseInput(bookingSearchQuery, request.query);
    return ok(await admin.searchBookings(ctx, query));
  });

  app.get('/bookings.csv', operator, async (request, reply) => {
    const query = parseInput(bookingSearchQuery, request.query);
    const csv = await admin.bookingsCsv(ctx, query);
    const stamp = new Date(ctx.clock.now().getTime() + 9 * 3_600_000).toISOString().slice(0, 16).replace(/\D/g, '');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="bookings-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get('/options', operator, async () => ok(await optionChoices(ctx.db)));

  app.get('/mails', operator, async (request) => {
    const query = parseInput(mailSearchQuery, request.query);
    return ok(await admin.searchMails(ctx, query));
  });
}
