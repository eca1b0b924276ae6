/** The tables the booking module writes (db/schema.ts gathers every module's). */
import type { BookingStatus, PaymentStatus } from '@tabi/contract/constants';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { type CancelTier, tz } from '../../db/shared-columns.ts';
import { optionDayColumns } from '../departures/schema.ts';
import { resellers } from '../reseller/schema.ts';

/*
 * 予約一覧's name search (ADR 0179) is served by indexes that drizzle cannot declare (an INCLUDE list):
 * migration 0025 builds them on bookings and booking_members, keyed by the first two and the first three characters of
 * the name in either order (`search_key`), then the reception time, so that a page of a common name is read in the
 * list's order and stops at its last row.
 */

/**
 * The booking a row belongs to, by its number: every module's tables that hang off a booking declare it so, `cascade`
 * where the row means nothing without its booking.
 */
export const bookingRef = (onDelete?: 'cascade') =>
  text('rsvno')
    .notNull()
    .references(() => bookings.rsvno, onDelete ? { onDelete } : {});

export const bookings = pgTable(
  'bookings',
  {
    rsvno: text('rsvno').primaryKey(),
    pkcd: text('pkcd').notNull().default('X'),
    /**
     * The booking's state (ADR 0193), written only by modules/booking/lifecycle.ts. The SPEC's fields below are how
     * the API shows it; a check keeps them in agreement with it.
     */
    state: text('state').$type<BookingState>().notNull(),
    status: integer('status').$type<BookingStatus>().notNull(),
    statusPayment: integer('status_payment').$type<PaymentStatus>().notNull().default(0),
    flgRequestRsv: integer('flg_request_rsv').$type<0 | 1>().notNull().default(0),
    rsvdate: tz('rsvdate').notNull(),
    paymentDeadline: tz('payment_deadline_date'),
    fromdate: date('fromdate', { mode: 'string' }).notNull(),
    todate: date('todate', { mode: 'string' }).notNull(),
    sei: text('sei').notNull(),
    mei: text('mei').notNull(),
    tel: text('tel').notNull(),
    telNormalized: text('tel_normalized').notNull(),
    mail: text('mail').notNull(),
    amountjp: integer('amountjp').notNull(),
    md: text('md').notNull().default(''),
    lang: text('lang').notNull().default('ja'),
    meetpoint: text('meetpoint'),
    cancelPolicy: jsonb('cancel_policy').$type<CancelTier[]>().notNull(),
    /** Set when a cancellation is claimed (status still 1 until it is final) and kept once canceled. */
    canceledAt: tz('canceled_at'),
    cancelReason: text('cancel_reason').$type<CancelReason>(),
    cancelFee: integer('cancel_fee'),
    refundAmount: integer('refund_amount'),
    /** The address the booking came from (its holds are in {@link unpaidHolds}). */
    clientIp: text('client_ip'),
    /** The origin the booking was made on: its mails link there unless PUBLIC_URL is set. */
    origin: text('origin'),
    /** When passport numbers, birthdays and diet choices of its people were erased. */
    personalErasedAt: tz('personal_erased_at'),
    /** The channel (DESIGN §13): the reseller that sold it through OCTO; null: our own site. */
    resellerId: integer('reseller_id').references(() => resellers.id),
    /** What the reseller owes for it (retail less its commission), fixed when it was sold; null: our own site. */
    netAmount: integer('net_amount'),
    /**
     * The reseller's commission (basis points of the retail price) it was sold at; null: our own site. A change of
     * day re-prices what is owed at this rate, not at the reseller's commission of the day.
     */
    commissionBp: integer('commission_bp'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('bookings_state_known', sql.raw(`state in (${BOOKING_STATES.map((s) => `'${s}'`).join(', ')})`)),
    // The SPEC's fields agree with the state (BookingStatus: tmp 0, completed 1, canceled 4, requested 6).
    check(
      'bookings_state_agrees',
      sql`case ${t.state}
        when 'held' then ${t.status} = 1 and ${t.statusPayment} = 0 and ${t.canceledAt} is null
        when 'paid' then ${t.status} = 1 and ${t.statusPayment} = 1 and ${t.canceledAt} is null
        when 'cancelling' then ${t.status} = 1 and ${t.canceledAt} is not null
        when 'requested' then ${t.status} = 6
        when 'offered' then ${t.status} = 0 and ${t.flgRequestRsv} = 1
        when 'reserved' then ${t.status} = 0 and ${t.flgRequestRsv} = 0
        when 'awaiting' then ${t.status} = 0 and ${t.flgRequestRsv} = 0 and ${t.paymentDeadline} is not null
        when 'canceled' then ${t.status} = 4 and ${t.cancelReason} is distinct from 'expired'
        when 'expired' then ${t.status} = 4 and ${t.cancelReason} = 'expired'
        else false end`,
    ),
    index('bookings_status_idx').on(t.status, t.statusPayment),
    // 予約一覧's two orders and its reception and use date filters.
    index('bookings_rsvdate_idx').on(t.rsvdate),
    index('bookings_fromdate_idx').on(t.fromdate, t.rsvdate),
    // The sweeper's claim of the oldest unpaid card bookings: with the rsvdate index alone it walked every paid
    // booking older than the cutoff first. This one holds only the unpaid.
    index('bookings_unpaid_rsvdate_idx')
      .on(t.rsvdate)
      .where(sql`${t.state} = 'held'`),
    // The dashboard's cancellations of the day.
    index('bookings_canceled_at_idx')
      .on(t.canceledAt)
      .where(sql`${t.canceledAt} is not null`),
    // The privacy job's claims of bookings whose personal data is due for erasure (ADR 0164): used long enough ago,
    // or canceled long enough ago. An erased booking leaves both, so a run with nothing due reads nothing.
    index('bookings_privacy_due_idx')
      .on(t.todate)
      .where(sql`${t.personalErasedAt} is null`),
    index('bookings_privacy_canceled_idx')
      .on(t.canceledAt)
      .where(sql`${t.personalErasedAt} is null and ${t.state} in ('canceled', 'expired')`),
    // The dashboard's lists of the states a clerk acts on, each in its own order: requests waiting for
    // an answer, and bookings waiting for their payment until a deadline (confirmed requests, resellers' holds). The
    // conditions are bookingIs.awaitingAnswer and bookingIs.confirmedRequestUnpaid and the sweeper's, on literal
    // states (stateLiteral) so that the planner matches them.
    index('bookings_awaiting_idx')
      .on(t.rsvdate)
      .where(sql`${t.state} = 'requested'`),
    index('bookings_deadline_idx').on(t.paymentDeadline).where(sql`${t.state} in ('offered', 'reserved', 'awaiting')`),
    // 予約一覧's channel filter and the per-channel report: only reseller bookings are indexed.
    index('bookings_reseller_idx')
      .on(t.resellerId, t.rsvdate)
      .where(sql`${t.resellerId} is not null`),
    check('bookings_commission_range', sql`${t.commissionBp} between 0 and 10000`),
    // 予約一覧's searches: names (also of two characters), phone, mail and booking number in any part.
    index('bookings_tel_trgm_idx').using('gin', sql`${t.telNormalized} gin_trgm_ops`),
    index('bookings_mail_trgm_idx').using('gin', sql`lower(${t.mail}) gin_trgm_ops`),
    // A mail search with one '@' and text before it, by the end of the address's local part (ADR 0186): the
    // trigrams every address shares (gue, com) made the one above read a thousand pages at a million bookings.
    index('bookings_mail_local_idx').on(sql`reverse(split_part(lower(${t.mail}), '@', 1)) text_pattern_ops`),
    // The few addresses of more than one '@', which the local part cannot find.
    index('bookings_mail_odd_idx')
      .on(t.rsvdate)
      .where(sql`lower(${t.mail}) like '%@%@%'`),
    // On lower(rsvno), not rsvno: pg_trgm also serves `=`, and the planner would then look a booking up by number
    // through this index (10 ms) rather than the primary key (ADR 0173).
    index('bookings_rsvno_trgm_idx').using('gin', sql`lower(${t.rsvno}) gin_trgm_ops`),
    // Cancellations claimed and not final: what the reconciler finishes after a crash.
    index('bookings_cancel_pending_idx')
      .on(t.canceledAt)
      .where(sql`${t.state} = 'cancelling'`),
  ],
);

/**
 * Seats held in unpaid card bookings, counted per holder (the applicant's phone, the client's address: ADR 0172),
 * option and day, so that the holder's cap reads at most the cap's own rows whatever the holder has booked
 * before. Written with the booking; a trigger deletes the rows when the booking leaves its unpaid state (paid,
 * expired, canceled), a deleted booking takes them along.
 */
export const unpaidHolds = pgTable(
  'unpaid_holds',
  {
    /** `tel:<normalised phone>` or `ip:<address>` (IPv6: its /64). */
    holder: text('holder').notNull(),
    opcd: text('opcd').notNull(),
    usedate: date('usedate', { mode: 'string' }).notNull(),
    rsvno: bookingRef('cascade'),
    seats: integer('seats').notNull(),
    heldAt: tz('held_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.holder, t.opcd, t.usedate, t.rsvno] }),
    // The trigger's delete and the cascade.
    index('unpaid_holds_rsvno_idx').on(t.rsvno),
  ],
);

/**
 * Why a booking was canceled (ADR 0100); `company`: the company called the day off (催行中止); `reseller`: the
 * reseller that sold it canceled it through OCTO (ADR 0170).
 */
export type CancelReason = 'expired' | 'declined' | 'customer' | 'staff' | 'company' | 'reseller';

/** The states of a booking's lifecycle (modules/booking/lifecycle.ts, ADR 0193), stored in `bookings.state`. */
export const BOOKING_STATES = [
  /** A card booking not paid yet: its seats are held for UNPAID_GRACE_MINUTES from reception. */
  'held',
  /** Paid (by card, on account by a reseller, or nothing to pay). */
  'paid',
  /** A request (リクエスト商品) waiting for the company's answer. */
  'requested',
  /** A request the company confirmed, waiting for its payment until the payment deadline. */
  'offered',
  /** A reseller's hold (OCTO), its seats kept until the hold's expiry. */
  'reserved',
  /** A konbini slip issued (ADR 0213): its seats kept until the slip's deadline (`payment_deadline`). */
  'awaiting',
  /** A cancellation claimed, its refunds on their way (ADR 0101). */
  'cancelling',
  /** Canceled: by the customer, the staff, the company, a reseller, or a request declined or withdrawn. */
  'canceled',
  /** Canceled for want of payment (a card booking's hour, a request's deadline, a hold's expiry). */
  'expired',
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** Who made a change: the customer, a staff member (by id), the system's own workers, or a reseller (by id). */
export type ActorKind = 'customer' | 'staff' | 'system' | 'reseller';

/**
 * The booking's history (ADR 0100): one row per transition, written in the transaction of the change,
 * never updated or deleted (a trigger refuses both).
 */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: serial('id').primaryKey(),
    rsvno: bookingRef(),
    at: tz('at').notNull(),
    actorKind: text('actor_kind').$type<ActorKind>().notNull(),
    /** A staff id, or the system worker: sweeper, reconciler, webhook, checkout, ops. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    note: text('note'),
  },
  (t) => [
    index('booking_events_rsvno_idx').on(t.rsvno, t.id),
    // 予約一覧's メモ mark (has a note) without reading every booking's events.
    index('booking_events_note_idx')
      .on(t.rsvno)
      .where(sql`${t.action} = 'note_added'`),
  ],
);

export const bookingOptions = pgTable(
  'booking_options',
  {
    id: serial('id').primaryKey(),
    rsvno: bookingRef(),
    pkcd: text('pkcd').notNull().default('X'),
    ...optionDayColumns(),
    /** The departure the line is on (ADR 0196): its start time, '' for a whole day. */
    startTime: text('start_time').notNull().default(''),
    /** The departure's end as it was sold ('' when not given), shown in mails and the calendar file. */
    endTime: text('end_time').notNull().default(''),
    adultqty: integer('adultqty').notNull().default(0),
    middleqty: integer('middleqty').notNull().default(0),
    childqty: integer('childqty').notNull().default(0),
    infantqty: integer('infantqty').notNull().default(0),
    adultbaika: integer('adultbaika').notNull().default(0),
    middlebaika: integer('middlebaika').notNull().default(0),
    childbaika: integer('childbaika').notNull().default(0),
    infantbaika: integer('infantbaika').notNull().default(0),
    seats: integer('seats').notNull(),
    couponAdultUsed: integer('coupon_adult_used').notNull().default(0),
    couponChildUsed: integer('coupon_child_used').notNull().default(0),
    ticketUrl: text('ticket_url'),
    exRsvno: text('ex_rsvno'),
    exConfirmno: text('ex_confirmno'),
    exUrl: text('ex_url'),
  },
  (t) => [
    index('booking_options_rsvno_idx').on(t.rsvno),
    // A day's manifest and departures over every option.
    index('booking_options_usedate_idx').on(t.usedate),
    // The seats of one option and day (what bookings hold when staff lower a day's stock).
    index('booking_options_day_idx').on(t.opcd, t.usedate, t.startTime),
    // GET /option/{code} with a package code (catalog): only package rows are indexed.
    index('booking_options_pkcd_idx')
      .on(t.pkcd)
      .where(sql`${t.pkcd} <> 'X'`),
    check('coupon_adult_used_range', sql`${t.couponAdultUsed} >= 0`),
    check('coupon_child_used_range', sql`${t.couponChildUsed} >= 0`),
  ],
);

export const bookingMembers = pgTable(
  'booking_members',
  {
    rsvno: bookingRef(),
    seq: integer('seq').notNull(),
    sei: text('sei').notNull(),
    mei: text('mei').notNull(),
    /** Null once erased (personal data kept only as long as needed). */
    birthday: date('birthday', { mode: 'string' }),
    sex: text('sex').notNull(),
    ageclass: text('ageclass').notNull(),
    nationalityId: integer('nationality_id').notNull().default(0),
    extended: jsonb('extended').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The booking's reception time, copied so that a traveller's name is searched in the list's order (ADR 0179).
     * Triggers keep it: filled on insert when not given, followed when the booking's changes (migration 0025).
     */
    rsvdate: tz('rsvdate'),
  },
  (t) => [primaryKey({ columns: [t.rsvno, t.seq] })],
);

export const bookingRentals = pgTable(
  'booking_rentals',
  {
    rsvno: bookingRef(),
    seq: integer('seq').notNull(),
    model: text('model').notNull().default(''),
    bootsSize: text('boots_size').notNull().default(''),
    wearSize: text('wear_size').notNull().default(''),
    /** Whether its booking holds its seats, kept by the database from `bookings.state` (migration 0046). */
    live: boolean('live').notNull().default(true),
    /**
     * The rental shop and the day, as its booking's line has them, so that counting a shop's size on a day reads
     * these rows by an index alone (migration 0053). Written with a new booking's rows; the database fills them for a
     * row written without them and keeps them when the line moves or the option changes shop.
     */
    facilityId: integer('facility_id'),
    usedate: date('usedate', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.rsvno, t.seq] }),
    index('booking_rentals_shop_day_idx').on(t.facilityId, t.usedate).where(sql`live`),
  ],
);

/**
 * A change of departure that costs more (ADR 0197): the difference is paid through the provider's checkout, and the
 * booking moves when that payment is fulfilled (`done`), or the payment is refunded when the departure has filled
 * meanwhile (`failed`). Written only by modules/booking/change.ts.
 */
export type BookingChangeState = 'awaiting_payment' | 'done' | 'failed';
export const bookingChanges = pgTable(
  'booking_changes',
  {
    id: serial('id').primaryKey(),
    rsvno: bookingRef(),
    toUsedate: date('to_usedate', { mode: 'string' }).notNull(),
    toStartTime: text('to_start_time').notNull(),
    amountBefore: integer('amount_before').notNull(),
    amountAfter: integer('amount_after').notNull(),
    state: text('state').$type<BookingChangeState>().notNull().default('awaiting_payment'),
    /** The checkout that pays the difference, once opened. */
    checkoutSessionId: text('checkout_session_id'),
    createdAt: tz('created_at').notNull(),
    doneAt: tz('done_at'),
  },
  (t) => [
    index('booking_changes_rsvno_idx').on(t.rsvno),
    index('booking_changes_checkout_idx').on(t.checkoutSessionId).where(sql`${t.state} = 'awaiting_payment'`),
    check('booking_changes_costs_more', sql`${t.amountAfter} > ${t.amountBefore}`),
  ],
);

// The rows as the repositories read them (…Row) and write them (New…), one name a table.
export type BookingRow = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;
export type NewBookingOption = typeof bookingOptions.$inferInsert;
export type NewUnpaidHold = typeof unpaidHolds.$inferInsert;
export type NewMember = typeof bookingMembers.$inferInsert;
export type NewRental = typeof bookingRentals.$inferInsert;
export type BookingEventRow = typeof bookingEvents.$inferSelect;
export type BookingChangeRow = typeof bookingChanges.$inferSelect;
export type NewBookingEvent = typeof bookingEvents.$inferInsert;
