import { Readable } from 'node:stream';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { toTokyoIso } from '@tabi/contract/dates';
import { DEFAULT_LANG } from '@tabi/contract/i18n';
import { CatalogMsg } from '@tabi/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { defineRoute } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { siteOrigin } from '../../http/origin.ts';
import { catalogService } from '../catalog/service.ts';
import { dayStopRoutes } from '../day-stop/routes.ts';
import { operationsRoutes } from '../operations/routes.ts';
import { receiptConsoleRoutes } from '../receipt/routes.ts';
import { resellerConsoleRoutes } from '../reseller/routes.ts';
import { principalOf, staffOnly } from '../staff/guard.ts';
import { waitlistConsoleRoutes } from '../waitlist/routes.ts';
import * as detail from './booking-detail.ts';
import * as catalog from './catalog.ts';
import { sendCsv } from './csv.ts';
import * as facilities from './facilities.ts';
import { manifest, manifestCsv } from './manifest.ts';
import { optionChoices } from './repository.ts';
import * as service from './service.ts';
import { editDeparture, editStock, previewStock, stockMonth } from './stock.ts';

/**
 * The console's screens (DESIGN §11): dashboard, booking list and its CSV, 予約詳細 and its actions (each one
 * call of the booking lifecycle with the staff member as actor), the manifest and its CSV, options, the outbox.
 */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const operator = { preHandler: staffOnly(ctx, 'operator') };
  const admin = { preHandler: staffOnly(ctx, 'admin') };

  defineRoute(app, CONSOLE['GET /dashboard'], operator, async () => ok(await service.dashboard(ctx)));

  defineRoute(app, CONSOLE['GET /bookings'], operator, async ({ query }) =>
    ok(await service.searchBookings(ctx, query)),
  );

  defineRoute(app, CONSOLE['GET /bookings.csv'], operator, async ({ query }, _request, reply) => {
    // Streamed: every matching booking, written a chunk at a time.
    const csv = Readable.from(await service.bookingsCsv(ctx, query));
    const stamp = toTokyoIso(ctx.clock.now()).slice(0, 16).replace(/\D/g, '');
    return sendCsv(reply, `bookings-${stamp}.csv`, csv);
  });

  defineRoute(app, CONSOLE['GET /bookings/{rsvno}'], operator, async ({ params }, request) =>
    ok(await detail.bookingDetail(ctx, params.rsvno, principalOf(request).role)),
  );

  defineRoute(app, CONSOLE['POST /bookings/{rsvno}/confirm'], operator, async ({ params }, request) =>
    ok(await detail.confirm(ctx, principalOf(request), params.rsvno)),
  );

  defineRoute(app, CONSOLE['POST /bookings/{rsvno}/decline'], operator, async ({ params }, request) =>
    ok(await detail.decline(ctx, principalOf(request), params.rsvno)),
  );

  defineRoute(app, CONSOLE['POST /bookings/{rsvno}/cancel-quote'], operator, async ({ params, body }, request) =>
    ok(await detail.cancelQuote(ctx, principalOf(request), params.rsvno, body.fee)),
  );

  defineRoute(app, CONSOLE['POST /bookings/{rsvno}/cancel'], operator, async ({ params, body }, request) =>
    ok(await detail.cancel(ctx, principalOf(request), params.rsvno, body)),
  );

  defineRoute(app, CONSOLE['POST /bookings/{rsvno}/change-departure'], operator, async ({ params, body }, request) =>
    ok(
      await detail.changeBookingDeparture(
        ctx,
        principalOf(request),
        params.rsvno,
        body,
        siteOrigin(ctx.config, request),
      ),
    ),
  );

  defineRoute(app, CONSOLE['POST /bookings/{rsvno}/resend-mail'], operator, async ({ params, body }, request) =>
    ok(await detail.resend(ctx, principalOf(request), params.rsvno, body.mailId)),
  );

  defineRoute(app, CONSOLE['POST /bookings/{rsvno}/participants'], operator, async ({ params, body }, request) =>
    ok(await detail.participants(ctx, principalOf(request), params.rsvno, body.memberList)),
  );

  defineRoute(app, CONSOLE['POST /bookings/{rsvno}/rentals'], operator, async ({ params, body }, request) =>
    ok(await detail.rentals(ctx, principalOf(request), params.rsvno, body.rentskiList)),
  );

  defineRoute(app, CONSOLE['POST /bookings/{rsvno}/contact'], operator, async ({ params, body }, request) =>
    ok(await detail.contact(ctx, principalOf(request), params.rsvno, body)),
  );
  defineRoute(app, CONSOLE['POST /bookings/{rsvno}/note'], operator, async ({ params, body }, request) =>
    ok(await detail.note(ctx, principalOf(request), params.rsvno, body.note)),
  );

  defineRoute(app, CONSOLE['POST /bookings/{rsvno}/reconcile'], operator, async ({ params }, request) =>
    ok(await detail.reconcileNow(ctx, principalOf(request), params.rsvno)),
  );

  // 領収書 (ADR 0163): the booking's receipts and issuing one, as my page does, with the staff member as actor.
  receiptConsoleRoutes(app, ctx, operator);
  // キャンセル待ち一覧 (ADR 0167).
  waitlistConsoleRoutes(app, ctx, operator);
  // 催行中止 and 催行決定 (ADR 0165).
  dayStopRoutes(app, ctx, operator);

  // レンタル準備表: operators read it; a facility's mail address is the admin's.
  operationsRoutes(app, ctx, { operator, admin });
  // 販売代理店 and 売上レポート (ADR 0169): the admin's; the channel filter's choices, anyone's.
  resellerConsoleRoutes(app, ctx, { operator, admin });

  defineRoute(app, CONSOLE['GET /manifest'], operator, async ({ query }, request) =>
    ok(await manifest(ctx, query, principalOf(request).role)),
  );

  defineRoute(app, CONSOLE['GET /manifest.csv'], operator, async ({ query }, request, reply) => {
    const { date, csv } = await manifestCsv(ctx, query, principalOf(request).role);
    return sendCsv(reply, `manifest-${date}.csv`, csv);
  });

  defineRoute(app, CONSOLE['GET /options'], operator, async () => ok(await optionChoices(ctx.db)));

  // 商品一覧 / 商品編集 (admin only): the catalog as the customer side reads it, drafts and publishing.
  defineRoute(app, CONSOLE['GET /options/catalog'], admin, async () => ok(await catalog.listOptions(ctx)));

  defineRoute(app, CONSOLE['GET /options/masters'], admin, async () => ok(await catalog.catalogMasters(ctx)));

  defineRoute(app, CONSOLE['POST /options'], admin, async ({ body }, request) =>
    ok(await catalog.createOption(ctx, principalOf(request), body.opcd, body.option)),
  );

  defineRoute(app, CONSOLE['GET /options/{opcd}'], admin, async ({ params }) =>
    ok(await catalog.optionRecord(ctx, params.opcd)),
  );

  defineRoute(app, CONSOLE['POST /options/{opcd}'], admin, async ({ params, body }, request) =>
    ok(await catalog.updateOption(ctx, principalOf(request), params.opcd, body.option)),
  );

  defineRoute(app, CONSOLE['POST /options/{opcd}/publish'], admin, async ({ params }, request) =>
    ok(await catalog.setPublished(ctx, principalOf(request), params.opcd, true)),
  );

  defineRoute(app, CONSOLE['POST /options/{opcd}/unpublish'], admin, async ({ params }, request) =>
    ok(await catalog.setPublished(ctx, principalOf(request), params.opcd, false)),
  );

  defineRoute(app, CONSOLE['GET /options/{opcd}/preview'], admin, async ({ params, query }) => {
    const preview = await catalogService(ctx).preview(params.opcd, query.lang ?? DEFAULT_LANG);
    if (!preview) throw AppError.notFound(CatalogMsg.catalogNotFound);
    return ok(preview);
  });

  // 在庫・料金カレンダー (admin only)
  defineRoute(app, CONSOLE['GET /options/{opcd}/stock'], admin, async ({ params, query }) =>
    ok(await stockMonth(ctx, params.opcd, query.month)),
  );

  defineRoute(app, CONSOLE['POST /options/{opcd}/stock'], admin, async ({ params, body }, request) =>
    ok(await editStock(ctx, principalOf(request), params.opcd, body)),
  );

  defineRoute(app, CONSOLE['POST /options/{opcd}/stock/preview'], admin, async ({ params, body }) =>
    ok(await previewStock(ctx, params.opcd, body)),
  );

  defineRoute(app, CONSOLE['POST /options/{opcd}/stock/departure'], admin, async ({ params, body }, request) =>
    ok(await editDeparture(ctx, principalOf(request), params.opcd, body)),
  );

  // 施設とクーポン (admin only)
  defineRoute(app, CONSOLE['GET /facilities'], admin, async () => ok(await facilities.listFacilities(ctx)));

  defineRoute(app, CONSOLE['POST /facilities/{id}/pin'], admin, async ({ params, body }, request) => {
    await facilities.setPin(ctx, principalOf(request), params.id, body.pin);
    return ok({ ok: true as const });
  });

  defineRoute(app, CONSOLE['POST /facilities/{id}/disable'], admin, async ({ params }, request) => {
    await facilities.setDisabled(ctx, principalOf(request), params.id, true);
    return ok({ ok: true as const });
  });

  defineRoute(app, CONSOLE['POST /facilities/{id}/enable'], admin, async ({ params }, request) => {
    await facilities.setDisabled(ctx, principalOf(request), params.id, false);
    return ok({ ok: true as const });
  });

  defineRoute(app, CONSOLE['POST /coupons/{rsvno}/clear-lock'], admin, async ({ params }, request) =>
    ok(await facilities.clearCouponLock(ctx, principalOf(request), params.rsvno)),
  );

  defineRoute(app, CONSOLE['GET /facilities/usage'], admin, async ({ query }) =>
    ok({ month: query.month, rows: await facilities.usage(ctx, query.month) }),
  );

  defineRoute(app, CONSOLE['GET /facilities/usage.csv'], admin, async ({ query }, _request, reply) =>
    sendCsv(reply, `coupon-usage-${query.month}.csv`, await facilities.usageCsv(ctx, query.month)),
  );

  defineRoute(app, CONSOLE['GET /mails'], operator, async ({ query }) => ok(await service.searchMails(ctx, query)));
}
