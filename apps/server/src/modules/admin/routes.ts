import { bookingSearchQuery, mailSearchQuery } from '@tabi/contract/admin';
import {
  adminRsvnoParams,
  cancelQuoteRequest,
  emptyActionRequest,
  manifestQuery,
  noteRequest,
  participantsRequest,
  rentalsRequest,
  resendMailRequest,
  staffCancelRequest,
} from '@tabi/contract/admin-bookings';
import {
  adminOpcdParams,
  couponRsvnoParams,
  createOptionRequest,
  facilityIdParams,
  facilityPinRequest,
  stockMonthQuery,
  updateOptionRequest,
  usageQuery,
} from '@tabi/contract/admin-catalog';
import { toTokyoIso } from '@tabi/contract/dates';
import { CatalogMsg } from '@tabi/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, parseInput } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { catalogService } from '../catalog/service.ts';
import { principalOf, staffOnly } from '../staff/guard.ts';
import * as detail from './booking-detail.ts';
import * as catalog from './catalog.ts';
import * as facilities from './facilities.ts';
import { manifest, manifestCsv } from './manifest.ts';
import { optionChoices } from './repository.ts';
import * as service from './service.ts';
import { editStock, stockMonth } from './stock.ts';

/**
 * The console's screens (DESIGN §11): dashboard, booking list and its CSV, 予約詳細 and its actions (each one
 * call of the booking lifecycle with the staff member as actor), the manifest and its CSV, options, the outbox.
 */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const operator = { preHandler: staffOnly(ctx, 'operator') };
  const admin = { preHandler: staffOnly(ctx, 'admin') };

  app.get('/dashboard', operator, async () => ok(await service.dashboard(ctx)));

  app.get('/bookings', operator, async (request) => {
    const query = parseInput(bookingSearchQuery, request.query);
    return ok(await service.searchBookings(ctx, query));
  });

  app.get('/bookings.csv', operator, async (request, reply) => {
    const query = parseInput(bookingSearchQuery, request.query);
    const csv = await service.bookingsCsv(ctx, query);
    const stamp = toTokyoIso(ctx.clock.now()).slice(0, 16).replace(/\D/g, '');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="bookings-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  const rsvnoOf = (request: { params: unknown }) => parseInput(adminRsvnoParams, request.params).rsvno;

  app.get('/bookings/:rsvno', operator, async (request) => ok(await detail.bookingDetail(ctx, rsvnoOf(request))));

  app.post('/bookings/:rsvno/confirm', operator, async (request) => {
    parseInput(emptyActionRequest, request.body ?? {});
    return ok(await detail.confirm(ctx, principalOf(request), rsvnoOf(request)));
  });

  app.post('/bookings/:rsvno/decline', operator, async (request) => {
    parseInput(emptyActionRequest, request.body ?? {});
    return ok(await detail.decline(ctx, principalOf(request), rsvnoOf(request)));
  });

  app.post('/bookings/:rsvno/cancel-quote', operator, async (request) => {
    const body = parseInput(cancelQuoteRequest, request.body ?? {});
    return ok(await detail.cancelQuote(ctx, principalOf(request), rsvnoOf(request), body.fee));
  });

  app.post('/bookings/:rsvno/cancel', operator, async (request) => {
    const body = parseInput(staffCancelRequest, request.body ?? {});
    return ok(await detail.cancel(ctx, principalOf(request), rsvnoOf(request), body));
  });

  app.post('/bookings/:rsvno/resend-mail', operator, async (request) => {
    const body = parseInput(resendMailRequest, request.body);
    return ok(await detail.resend(ctx, principalOf(request), rsvnoOf(request), body.mailId));
  });

  app.post('/bookings/:rsvno/participants', operator, async (request) => {
    const body = parseInput(participantsRequest, request.body);
    return ok(await detail.participants(ctx, principalOf(request), rsvnoOf(request), body.memberList));
  });

  app.post('/bookings/:rsvno/rentals', operator, async (request) => {
    const body = parseInput(rentalsRequest, request.body);
    return ok(await detail.rentals(ctx, principalOf(request), rsvnoOf(request), body.rentskiList));
  });

  app.post('/bookings/:rsvno/note', operator, async (request) => {
    const body = parseInput(noteRequest, request.body);
    return ok(await detail.note(ctx, principalOf(request), rsvnoOf(request), body.note));
  });

  app.post('/bookings/:rsvno/reconcile', operator, async (request) => {
    parseInput(emptyActionRequest, request.body ?? {});
    return ok(await detail.reconcileNow(ctx, principalOf(request), rsvnoOf(request)));
  });

  app.get('/manifest', operator, async (request) => ok(await manifest(ctx, parseInput(manifestQuery, request.query))));

  app.get('/manifest.csv', operator, async (request, reply) => {
    const { date, csv } = await manifestCsv(ctx, parseInput(manifestQuery, request.query));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="manifest-${date}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get('/options', operator, async () => ok(await optionChoices(ctx.db)));

  // 商品一覧 / 商品編集 (admin only): the catalog as the customer side reads it, drafts and publishing.
  const opcdOf = (request: { params: unknown }) => parseInput(adminOpcdParams, request.params).opcd;

  app.get('/options/catalog', admin, async () => ok(await catalog.listOptions(ctx)));

  app.get('/options/masters', admin, async () => ok(await catalog.catalogMasters(ctx)));

  app.post('/options', admin, async (request) => {
    const body = parseInput(createOptionRequest, request.body);
    return ok(await catalog.createOption(ctx, principalOf(request), body.opcd, body.option));
  });

  app.get('/options/:opcd', admin, async (request) => ok(await catalog.optionRecord(ctx, opcdOf(request))));

  app.post('/options/:opcd', admin, async (request) => {
    const opcd = opcdOf(request);
    const body = parseInput(updateOptionRequest, request.body);
    return ok(await catalog.updateOption(ctx, principalOf(request), opcd, body.option));
  });

  app.post('/options/:opcd/publish', admin, async (request) => {
    parseInput(emptyActionRequest, request.body ?? {});
    return ok(await catalog.setPublished(ctx, principalOf(request), opcdOf(request), true));
  });

  app.post('/options/:opcd/unpublish', admin, async (request) => {
    parseInput(emptyActionRequest, request.body ?? {});
    return ok(await catalog.setPublished(ctx, principalOf(request), opcdOf(request), false));
  });

  app.get('/options/:opcd/preview', admin, async (request) => {
    const preview = await catalogService(ctx).preview(opcdOf(request));
    if (!preview) throw AppError.notFound(CatalogMsg.catalogNotFound);
    return ok(preview);
  });

  // 在庫・料金カレンダー (admin only)
  app.get('/options/:opcd/stock', admin, async (request) => {
    const { month } = parseInput(stockMonthQuery, request.query);
    return ok(await stockMonth(ctx, opcdOf(request), month));
  });

  app.post('/options/:opcd/stock', admin, async (request) =>
    ok(await editStock(ctx, principalOf(request), opcdOf(request), request.body)),
  );

  // 施設とクーポン (admin only)
  const facilityOf = (request: { params: unknown }) => parseInput(facilityIdParams, request.params).id;

  app.get('/facilities', admin, async () => ok(await facilities.listFacilities(ctx)));

  app.post('/facilities/:id/pin', admin, async (request) => {
    const { pin } = parseInput(facilityPinRequest, request.body);
    await facilities.setPin(ctx, principalOf(request), facilityOf(request), pin);
    return ok({ ok: true as const });
  });

  app.post('/facilities/:id/disable', admin, async (request) => {
    await facilities.setDisabled(ctx, principalOf(request), facilityOf(request), true);
    return ok({ ok: true as const });
  });

  app.post('/facilities/:id/enable', admin, async (request) => {
    await facilities.setDisabled(ctx, principalOf(request), facilityOf(request), false);
    return ok({ ok: true as const });
  });

  app.post('/coupons/:rsvno/clear-lock', admin, async (request) => {
    const { rsvno } = parseInput(couponRsvnoParams, request.params);
    return ok(await facilities.clearCouponLock(ctx, principalOf(request), rsvno));
  });

  app.get('/facilities/usage', admin, async (request) => {
    const { month } = parseInput(usageQuery, request.query);
    return ok({ month, rows: await facilities.usage(ctx, month) });
  });

  app.get('/facilities/usage.csv', admin, async (request, reply) => {
    const { month } = parseInput(usageQuery, request.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="coupon-usage-${month}.csv"`)
      .header('cache-control', 'no-store')
      .send(await facilities.usageCsv(ctx, month));
  });

  app.get('/mails', operator, async (request) => {
    const query = parseInput(mailSearchQuery, request.query);
    return ok(await service.searchMails(ctx, query));
  });
}
