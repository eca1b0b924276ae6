import type { BookingStatus, CouponOutcome, PaymentStatus } from '@tabi/contract/constants';
import type { ImageTextField, OptionTextField, Translations } from '@tabi/contract/content';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A row's texts in the languages other than Japanese (issue 29, ADR 0177): Japanese stays in the row's columns. */
const translations = <F extends string>() => jsonb('translations').$type<Translations<F>>().notNull().default({});

export const regions = pgTable('regions', {
  homencd: text('homencd').primaryKey(),
  homennm: text('homennm').notNull(),
  translations: translations<'homennm'>(),
  sort: integer('sort').notNull().default(0),
});

export const areas = pgTable('areas', {
  areacd: text('areacd').primaryKey(),
  homencd: text('homencd')
    .notNull()
    .references(() => regions.homencd),
  areanm: text('areanm').notNull(),
  translations: translations<'areanm'>(),
  sort: integer('sort').notNull().default(0),
});

export const cities = pgTable('cities', {
  citycd: text('citycd').primaryKey(),
  areacd: text('areacd')
    .notNull()
    .references(() => areas.areacd),
  citynm: text('citynm').notNull(),
  translations: translations<'citynm'>(),
  sort: integer('sort').notNull().default(0),
});

export const fromspots = pgTable('fromspots', {
  fromspotcd: text('fromspotcd').primaryKey(),
  caption: text('caption').notNull(),
});

export const keywords = pgTable('keywords', {
  keycd: text('keycd').primaryKey(),
  keyname: text('keyname').notNull(),
  translations: translations<'keyname'>(),
  sort: integer('sort').notNull().default(0),
});

export const nationalities = pgTable('nationalities', {
  id: integer('id').primaryKey(),
  nationalityNm: text('nationality_nm').notNull(),
  translations: translations<'nationalityNm'>(),
  sort: integer('sort').notNull().default(0),
});

export const facilities = pgTable('facilities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  translations: translations<'name'>(),
  pinHash: text('pin_hash').notNull(),
  /** A disabled facility takes no coupon (its PIN is not checked). */
  disabled: boolean('disabled').notNull().default(false),
  /** Where the evening-before rental preparation sheet is mailed (issue 27); none: not mailed. */
  mail: text('mail'),
});

/** One tier of a cancellation policy: from `daysBefore` days before the use date on, `percent` is charged. */
export type CancelTier = { daysBefore: number; percent: number };

export const options = pgTable(
  'options',
  {
    opcd: text('opcd').primaryKey(),
    webname: text('webname').notNull(),
    introduction: text('introduction').notNull().default(''),
    contents: text('contents').notNull().default(''),
    optionattention: text('optionattention').notNull().default(''),
    information: text('information').notNull().default(''),
    cancelNote: text('cancel_note').notNull().default(''),
    ageNote: text('age_note').notNull().default(''),
    homencd: text('homencd')
      .notNull()
      .references(() => regions.homencd),
    areacd: text('areacd')
      .notNull()
      .references(() => areas.areacd),
    citycd: text('citycd')
      .notNull()
      .references(() => cities.citycd),
    fromspotcd: text('fromspotcd').references(() => fromspots.fromspotcd),
    meetpoint: text('meetpoint'),
    useFrom: date('use_from', { mode: 'string' }).notNull(),
    useTo: date('use_to', { mode: 'string' }).notNull(),
    companyname: text('companyname').notNull().default(''),
    companyattention: text('companyattention').notNull().default(''),
    hours: text('hours').notNull().default(''),
    address: text('address').notNull().default(''),
    tel: text('tel').notNull().default(''),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    flgRequestItem: boolean('flg_request_item').notNull().default(false),
    adultAgeMin: integer('adult_age_min'),
    adultAgeMax: integer('adult_age_max'),
    middleAgeMin: integer('middle_age_min'),
    middleAgeMax: integer('middle_age_max'),
    childAgeMin: integer('child_age_min'),
    childAgeMax: integer('child_age_max'),
    infantAgeMin: integer('infant_age_min'),
    infantAgeMax: integer('infant_age_max'),
    minPeople: integer('min_people'),
    maxPeople: integer('max_people'),
    rentalcd: text('rentalcd').notNull().default(''),
    travelkubun: integer('travelkubun').notNull().default(0),
    extendedFields: jsonb('extended_fields').$type<string[]>().notNull().default([]),
    exCd: integer('ex_cd').notNull().default(0),
    serviceno: text('serviceno'),
    departurePoint: text('departure_point'),
    departureTime: text('departure_time'),
    arrivalPoint: text('arrival_point'),
    arrivalTime: text('arrival_time'),
    exIssueMethod: text('ex_issue_method'),
    isCoupon: boolean('is_coupon').notNull().default(false),
    facilityId: integer('facility_id').references(() => facilities.id),
    cancelPolicy: jsonb('cancel_policy').$type<CancelTier[]>(),
    sort: integer('sort').notNull().default(0),
    /** A draft (false) is seen only by staff: no public call lists, shows, prices or books it. */
    published: boolean('published').notNull().default(true),
    /** 最少催行人員 (issue 27): travellers a day needs to go ahead; null: it always goes. */
    minTravellers: integer('min_travellers'),
    /** When the day is decided: this many days before it, at decisionTime (HH:MM, Tokyo). */
    decisionDaysBefore: integer('decision_days_before'),
    decisionTime: text('decision_time'),
    /** When sales of a day close: this many days before it, at salesCutoffTime (HH:MM, Tokyo; ADR 0191). */
    salesCutoffDaysBefore: integer('sales_cutoff_days_before').notNull().default(0),
    salesCutoffTime: text('sales_cutoff_time').notNull().default('00:00'),
    /** 前日案内 (issue 27): the day-before mail is sent unless turned off; its per-option note. */
    dayBeforeMail: boolean('day_before_mail').notNull().default(true),
    dayBeforeNote: text('day_before_note').notNull().default(''),
    /** The option's texts in the other languages (issue 29): `{ en: { webname, introduction, … } }`. */
    translations: translations<OptionTextField>(),
  },
  (t) => [index('options_region_idx').on(t.homencd, t.areacd, t.citycd)],
);

/**
 * Append-only record of every catalog change made in the console (options are not bookings, so not
 * booking_events): who, what, when, and the changed fields before and after.
 */
export const catalogEvents = pgTable(
  'catalog_events',
  {
    id: serial('id').primaryKey(),
    at: tz('at').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    opcd: text('opcd')
      .notNull()
      .references(() => options.opcd),
    kind: text('kind').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [index('catalog_events_opcd_idx').on(t.opcd, t.at)],
);

export const optionImages = pgTable(
  'option_images',
  {
    opcd: text('opcd')
      .notNull()
      .references(() => options.opcd),
    seq: integer('seq').notNull(),
    /** The picture's address (`src`): a demo picture `/images/OP0001-1.svg`, or an upload's widest variant. */
    image: text('image').notNull(),
    caption: text('caption').notNull().default(''),
    /** A stable handle for the console (seq changes when photos are reordered). */
    id: serial('id').notNull().unique(),
    /** What the picture shows, for those who cannot see it (the caption when empty). */
    alt: text('alt').notNull().default(''),
    translations: translations<ImageTextField>(),
    /** An uploaded photo (issue 13): the content hash naming its WebP variants under the media directory. */
    media: text('media'),
    /** The widths of the stored variants, narrowest first (uploads only). */
    widths: integer('widths').array(),
    /** The widest variant's pixel size (uploads only; demo pictures are 1200×800). */
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [primaryKey({ columns: [t.opcd, t.seq] }), index('option_images_media_idx').on(t.media)],
);

export const optionKeywords = pgTable(
  'option_keywords',
  {
    opcd: text('opcd')
      .notNull()
      .references(() => options.opcd),
    keycd: text('keycd')
      .notNull()
      .references(() => keywords.keycd),
  },
  (t) => [primaryKey({ columns: [t.opcd, t.keycd] }), index('option_keywords_keycd_idx').on(t.keycd)],
);

/** Stock and unit prices (integer yen, tax included) per option and Tokyo date. */
export const stock = pgTable(
  'stock',
  {
    opcd: text('opcd')
      .notNull()
      .references(() => options.opcd),
    usedate: date('usedate', { mode: 'string' }).notNull(),
    zaikozan: integer('zaikozan').notNull(),
    adultbaika: integer('adultbaika').notNull(),
    middlebaika: integer('middlebaika').notNull().default(0),
    childbaika: integer('childbaika').notNull().default(0),
    infantbaika: integer('infantbaika').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.opcd, t.usedate] }),
    index('stock_usedate_idx').on(t.usedate),
    check('stock_zaikozan_nonnegative', sql`${t.zaikozan} >= 0`),
  ],
);

/**
 * Each option's lowest and highest adult price over its days from `from_day` on (issue 30): the public list sorted
 * by price reads this row instead of every option's future days. Kept by a trigger on stock prices (migration
 * 0016); `from_day` is the Tokyo day it was computed for, and a row of an earlier day is refreshed once a day by
 * the workers (until then the list computes that option's price itself).
 */
export const optionPriceRanges = pgTable('option_price_ranges', {
  opcd: text('opcd')
    .primaryKey()
    .references(() => options.opcd),
  fromDay: date('from_day', { mode: 'string' }).notNull(),
  minAdult: integer('min_adult'),
  maxAdult: integer('max_adult'),
});

/*
 * 予約一覧's name search (issue 30, ADR 0179) is served by indexes that drizzle cannot declare (an INCLUDE list):
 * migration 0025 builds them on bookings and booking_members, keyed by the first two and the first three characters of
 * the name in either order (`search_key`), then the reception time, so that a page of a common name is read in the
 * list's order and stops at its last row.
 */

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
    /** The origin the booking was made on (issue 14.1): its mails link there unless PUBLIC_URL is set. */
    origin: text('origin'),
    /** When passport numbers, birthdays and diet choices of its people were erased (issue 28). */
    personalErasedAt: tz('personal_erased_at'),
    /** The channel (issue 26, DESIGN §13): the reseller that sold it through OCTO; null: our own site. */
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
        when 'canceled' then ${t.status} = 4 and ${t.cancelReason} is distinct from 'expired'
        when 'expired' then ${t.status} = 4 and ${t.cancelReason} = 'expired'
        else false end`,
    ),
    index('bookings_status_idx').on(t.status, t.statusPayment),
    // 予約一覧's two orders and its reception and use date filters (issue 30).
    index('bookings_rsvdate_idx').on(t.rsvdate),
    index('bookings_fromdate_idx').on(t.fromdate, t.rsvdate),
    // The sweeper's claim of the oldest unpaid card bookings: with the rsvdate index alone it walked every paid
    // booking older than the cutoff first (issue 30). This one holds only the unpaid.
    index('bookings_unpaid_rsvdate_idx')
      .on(t.rsvdate)
      .where(sql`${t.state} = 'held'`),
    // The dashboard's cancellations of the day (issue 28).
    index('bookings_canceled_at_idx')
      .on(t.canceledAt)
      .where(sql`${t.canceledAt} is not null`),
    // The privacy job's claims of bookings whose personal data is due for erasure (issue 28): used long enough ago,
    // or canceled long enough ago. An erased booking leaves both, so a run with nothing due reads nothing (issue 30).
    index('bookings_privacy_due_idx')
      .on(t.todate)
      .where(sql`${t.personalErasedAt} is null`),
    index('bookings_privacy_canceled_idx')
      .on(t.canceledAt)
      .where(sql`${t.personalErasedAt} is null and ${t.state} in ('canceled', 'expired')`),
    // The dashboard's lists of the states a clerk acts on (issue 30), each in its own order: requests waiting for
    // an answer, and bookings waiting for their payment until a deadline (confirmed requests, resellers' holds). The
    // conditions are bookingIs.awaitingAnswer and bookingIs.confirmedRequestUnpaid and the sweeper's, on literal
    // states (stateLiteral) so that the planner matches them.
    index('bookings_awaiting_idx')
      .on(t.rsvdate)
      .where(sql`${t.state} = 'requested'`),
    index('bookings_deadline_idx').on(t.paymentDeadline).where(sql`${t.state} in ('offered', 'reserved')`),
    // 予約一覧's channel filter and the per-channel report (issue 26): only reseller bookings are indexed.
    index('bookings_reseller_idx')
      .on(t.resellerId, t.rsvdate)
      .where(sql`${t.resellerId} is not null`),
    check('bookings_commission_range', sql`${t.commissionBp} between 0 and 10000`),
    // 予約一覧's searches (issue 30): names (also of two characters), phone, mail and booking number in any part.
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
 * option and day, so that the cap of issue 11.9 reads at most the cap's own rows whatever the holder has booked
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
    rsvno: text('rsvno')
      .notNull()
      .references(() => bookings.rsvno, { onDelete: 'cascade' }),
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
 * Why a booking was canceled (ADR 0100); `company`: the company called the day off (催行中止, issue 27); `reseller`: the
 * reseller that sold it canceled it through OCTO (issue 26).
 */
export type CancelReason = 'expired' | 'declined' | 'customer' | 'staff' | 'company' | 'reseller';

/** The states of a booking's lifecycle (modules/booking/lifecycle.ts, ADR 0193), stored in `bookings.state`. */
export const BOOKING_STATES = [
  'held',
  'paid',
  'requested',
  'offered',
  'reserved',
  'cancelling',
  'canceled',
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
    rsvno: text('rsvno')
      .notNull()
      .references(() => bookings.rsvno),
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
    // 予約一覧's メモ mark (has a note) without reading every booking's events (issue 30).
    index('booking_events_note_idx')
      .on(t.rsvno)
      .where(sql`${t.action} = 'note_added'`),
  ],
);

export type ProviderCallKind = 'checkout' | 'refund';
/**
 * begun: written before the call; open: a checkout the customer may still pay; done; failed: refused or
 * given up (a person decides); void: abandoned before any money moved (a cancellation the provider refused).
 */
export type ProviderCallState = 'begun' | 'open' | 'done' | 'failed' | 'void';

/**
 * DESIGN §12: every call to the payment provider, written down before it is made with its idempotency
 * key and marked after; the reconciler finishes what a crash left begun (ADR 0101).
 */
export const providerCalls = pgTable(
  'provider_calls',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ProviderCallKind>().notNull(),
    rsvno: text('rsvno')
      .notNull()
      .references(() => bookings.rsvno),
    /** The payment refunded (refunds), or the payment row opened (checkouts). */
    paymentId: integer('payment_id'),
    /** The refund this call makes (refunds only). */
    refundId: integer('refund_id').references((): AnyPgColumn => refunds.id),
    idempotencyKey: text('idempotency_key').notNull(),
    amount: integer('amount').notNull(),
    /** Refunds: cancel, duplicate, late. */
    reason: text('reason'),
    request: jsonb('request').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').$type<ProviderCallState>().notNull().default('begun'),
    /** The provider's id of what was made: checkout session id, refund id. */
    providerRef: text('provider_ref'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: tz('next_attempt_at').notNull(),
    createdAt: tz('created_at').notNull(),
    doneAt: tz('done_at'),
  },
  (t) => [
    uniqueIndex('provider_calls_key_uq').on(t.idempotencyKey),
    index('provider_calls_due_idx').on(t.nextAttemptAt).where(sql`${t.state} in ('begun', 'open')`),
    index('provider_calls_rsvno_idx').on(t.rsvno),
  ],
);

export const bookingOptions = pgTable(
  'booking_options',
  {
    id: serial('id').primaryKey(),
    rsvno: text('rsvno')
      .notNull()
      .references(() => bookings.rsvno),
    pkcd: text('pkcd').notNull().default('X'),
    opcd: text('opcd')
      .notNull()
      .references(() => options.opcd),
    usedate: date('usedate', { mode: 'string' }).notNull(),
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
    // A day's manifest and departures over every option (issue 30).
    index('booking_options_usedate_idx').on(t.usedate),
    // The seats of one option and day (what bookings hold when staff lower a day's stock, issue 11.9 and 15).
    index('booking_options_day_idx').on(t.opcd, t.usedate),
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
    rsvno: text('rsvno')
      .notNull()
      .references(() => bookings.rsvno),
    seq: integer('seq').notNull(),
    sei: text('sei').notNull(),
    mei: text('mei').notNull(),
    /** Null once erased (issue 28: personal data kept only as long as needed). */
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
    rsvno: text('rsvno')
      .notNull()
      .references(() => bookings.rsvno),
    seq: integer('seq').notNull(),
    model: text('model').notNull().default(''),
    bootsSize: text('boots_size').notNull().default(''),
    wearSize: text('wear_size').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.rsvno, t.seq] })],
);

/** open: checkout made, not paid; paid; refunded (in full); expired: the checkout lapsed unpaid. */
export type PaymentRowStatus = 'open' | 'paid' | 'refunded' | 'expired';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    rsvno: text('rsvno')
      .notNull()
      .references(() => bookings.rsvno),
    provider: text('provider').notNull(),
    checkoutSessionId: text('checkout_session_id').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<PaymentRowStatus>().notNull().default('open'),
    chargeId: text('charge_id'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    createdAt: tz('created_at').notNull().defaultNow(),
    paidAt: tz('paid_at'),
  },
  (t) => [uniqueIndex('payments_checkout_session_uq').on(t.checkoutSessionId), index('payments_rsvno_idx').on(t.rsvno)],
);

/** Why money went back: the customer's or the company's cancellation, a second payment, a payment that came too late. */
export type RefundReason = 'cancel' | 'duplicate' | 'late';
/**
 * pending: decided and written down, not confirmed by the provider yet (money promised back); succeeded; failed: given
 * up after the provider refused it or the attempts ran out (a person looks); void: a refused cancellation's, never made.
 */
export type RefundState = 'pending' | 'succeeded' | 'failed' | 'void';

/**
 * One row per refund of a payment (issue 25, ADR 0181), written only by the payments module: decided in the transaction
 * that decides it, sent through its provider call (`provider_calls.refund_id`), succeeded once the provider confirms it.
 * `payments.refunded_amount` is the running total of a payment's succeeded refunds, kept in the same transaction.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    rsvno: text('rsvno')
      .notNull()
      .references(() => bookings.rsvno),
    amount: integer('amount').notNull(),
    reason: text('reason').$type<RefundReason>().notNull(),
    state: text('state').$type<RefundState>().notNull().default('pending'),
    /** The provider's id of the refund, once made. */
    providerRef: text('provider_ref'),
    createdAt: tz('created_at').notNull(),
    doneAt: tz('done_at'),
  },
  (t) => [
    index('refunds_rsvno_idx').on(t.rsvno),
    index('refunds_payment_idx').on(t.paymentId),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Hosted checkout sessions of the built-in sandbox payment provider (DESIGN §6); Stripe keeps its own. */
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  id: text('id').primaryKey(),
  rsvno: text('rsvno').notNull(),
  name: text('name').notNull(),
  amount: integer('amount').notNull(),
  customerEmail: text('customer_email').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  expiresAt: tz('expires_at').notNull(),
  status: text('status').notNull().default('open'),
  chargeId: text('charge_id'),
  refundedAmount: integer('refunded_amount').notNull().default(0),
  lastError: text('last_error'),
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/** The sandbox provider's own record of its refunds, deduplicated by idempotency key like Stripe's. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  chargeId: text('charge_id').notNull(),
  amount: integer('amount').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const customerSessions = pgTable(
  'customer_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    rsvno: text('rsvno')
      .notNull()
      .references(() => bookings.rsvno),
    lastSeenAt: tz('last_seen_at').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Deleting a booking checks its sessions through this foreign key (issue 30: a seq scan per booking).
    index('customer_sessions_rsvno_idx').on(t.rsvno),
    // Retention finds ended sessions by either limit without reading the table (issue 30).
    index('customer_sessions_created_idx').on(t.createdAt),
    index('customer_sessions_seen_idx').on(t.lastSeenAt),
  ],
);

/** A file sent with a mail, e.g. the booking's .ics calendar entry (issue 14). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's text (calendar files are text). */
  content: string;
}

export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    rsvno: text('rsvno'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The HTML part beside `body`, the text part (issue 14); null for mails queued before it. */
    html: text('html'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: tz('sent_at'),
    /** When the retention job removed its text after MAIL_RETENTION_DAYS (ADR 0162); null while it is kept. */
    purgedAt: tz('purged_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('outbox_pending_idx').on(t.status, t.nextAttemptAt),
    // The retention job's claim of sent mails still holding their text, oldest first (issue 30): it reads only
    // those, not every mail ever purged.
    index('outbox_purge_due_idx')
      .on(t.sentAt)
      .where(sql`${t.status} = 'sent' and ${t.purgedAt} is null`),
    // 予約詳細's mails and a resend (issue 30: a seq scan of every mail ever sent per view).
    index('outbox_rsvno_idx').on(t.rsvno, t.id),
    // The mail page's order, newest first (issue 30: it sorted every mail ever sent for its first page).
    index('outbox_created_idx').on(t.createdAt, t.id),
  ],
);

export const couponUses = pgTable(
  'coupon_uses',
  {
    id: serial('id').primaryKey(),
    rsvno: text('rsvno').notNull(),
    opcd: text('opcd').notNull(),
    pkcd: text('pkcd').notNull(),
    adultqty: integer('adultqty').notNull(),
    childqty: integer('childqty').notNull(),
    outcome: text('outcome').$type<CouponOutcome>().notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_uses_idem_uq').on(t.rsvno, t.idempotencyKey), index('coupon_uses_rsvno_idx').on(t.rsvno)],
);

/** What a receipt (領収書) was issued for: the travel price paid, or a cancellation fee kept. */
export type ReceiptKind = 'payment' | 'cancel_fee';

/**
 * 領収書 (issue 28): one row per booking and kind, made at the first issue with the 宛名 the customer gave; every
 * later issue (my page or the console) prints the same 宛名 marked 再発行 and counts here.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    rsvno: text('rsvno')
      .notNull()
      .references(() => bookings.rsvno),
    kind: text('kind').$type<ReceiptKind>().notNull(),
    addressee: text('addressee').notNull(),
    issueCount: integer('issue_count').notNull().default(1),
    firstIssuedAt: tz('first_issued_at').notNull(),
    lastIssuedAt: tz('last_issued_at').notNull(),
  },
  (t) => [uniqueIndex('receipts_rsvno_kind_uq').on(t.rsvno, t.kind)],
);

/** Why a day was called off (催行中止, issue 27). */
export type DayStopReason = 'weather' | 'minimum' | 'facility' | 'other';
export type DayStopState = 'running' | 'done';

/**
 * 催行中止 (issue 27): one stop of one or more days of one or more options, with its reason. Written with its
 * days and items in one transaction; the runner cancels each item's booking through the lifecycle until none is
 * left, also after a crash (state `running` until then).
 */
export const dayStops = pgTable(
  'day_stops',
  {
    id: serial('id').primaryKey(),
    createdAt: tz('created_at').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    reason: text('reason').$type<DayStopReason>().notNull(),
    reasonText: text('reason_text').notNull().default(''),
    state: text('state').$type<DayStopState>().notNull().default('running'),
    finishedAt: tz('finished_at'),
  },
  (t) => [index('day_stops_running_idx').on(t.id).where(sql`${t.state} = 'running'`)],
);

/** The days a stop closed: their stock stays closed (seats given back by a cancellation do not reopen them). */
export const dayStopDays = pgTable(
  'day_stop_days',
  {
    stopId: integer('stop_id')
      .notNull()
      .references(() => dayStops.id),
    opcd: text('opcd')
      .notNull()
      .references(() => options.opcd),
    usedate: date('usedate', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.opcd, t.usedate] }), index('day_stop_days_stop_idx').on(t.stopId)],
);

/** pending: still to cancel; done: canceled (or found canceled); `external`: a ticket elsewhere needs a person. */
export const dayStopItems = pgTable(
  'day_stop_items',
  {
    stopId: integer('stop_id')
      .notNull()
      .references(() => dayStops.id),
    rsvno: text('rsvno')
      .notNull()
      .references(() => bookings.rsvno),
    state: text('state').$type<'pending' | 'done'>().notNull().default('pending'),
    external: boolean('external').notNull().default(false),
    refund: integer('refund').notNull().default(0),
    doneAt: tz('done_at'),
  },
  (t) => [
    primaryKey({ columns: [t.stopId, t.rsvno] }),
    index('day_stop_items_rsvno_idx').on(t.rsvno),
    index('day_stop_items_pending_idx').on(t.stopId).where(sql`${t.state} = 'pending'`),
  ],
);

/** 催行決定 / 催行中止 of a day under its minimum (issue 27): decided once, by whom and when. */
export const dayDecisions = pgTable(
  'day_decisions',
  {
    opcd: text('opcd')
      .notNull()
      .references(() => options.opcd),
    usedate: date('usedate', { mode: 'string' }).notNull(),
    decision: text('decision').$type<'go' | 'stopped'>().notNull(),
    staffId: integer('staff_id').references(() => staffAccounts.id),
    at: tz('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.opcd, t.usedate] })],
);

/**
 * Scheduled mails sent once per booking and kind (the day-before mail, issue 27): the row is claimed in the
 * transaction that queues the mail, so two instances or a restart never send it twice.
 */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    rsvno: text('rsvno')
      .notNull()
      .references(() => bookings.rsvno),
    kind: text('kind').notNull(),
    at: tz('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rsvno, t.kind] })],
);

/** レンタル準備表 mailed to a facility for a day (issue 27): once. */
export const rentalSheetsSent = pgTable(
  'rental_sheets_sent',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    usedate: date('usedate', { mode: 'string' }).notNull(),
    at: tz('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.usedate] })],
);

/**
 * キャンセル待ち (issue 27): a visitor waiting for `party` seats of a sold-out day. When seats come back the first
 * entries that fit are offered them: the seats are held (`held`) until `offerExpiresAt`, for whoever has the link
 * (its token stored as a SHA-256); booked, expired or canceled entries keep their row.
 */
export type WaitlistState = 'waiting' | 'offered' | 'booked' | 'expired' | 'canceled';
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    opcd: text('opcd')
      .notNull()
      .references(() => options.opcd),
    usedate: date('usedate', { mode: 'string' }).notNull(),
    mail: text('mail').notNull(),
    party: integer('party').notNull(),
    lang: text('lang').notNull().default('ja'),
    state: text('state').$type<WaitlistState>().notNull().default('waiting'),
    /** SHA-256 of the link in the registration mail. */
    tokenHash: text('token_hash'),
    /** SHA-256 of the link in the offer mail: each mail has a random link of its own, valid while the entry is. */
    offerTokenHash: text('offer_token_hash'),
    held: integer('held').notNull().default(0),
    createdAt: tz('created_at').notNull(),
    offeredAt: tz('offered_at'),
    offerExpiresAt: tz('offer_expires_at'),
    rsvno: text('rsvno').references(() => bookings.rsvno),
  },
  (t) => [
    index('waitlist_day_idx').on(t.opcd, t.usedate, t.state, t.id),
    index('waitlist_offer_expiry_idx').on(t.offerExpiresAt).where(sql`${t.state} = 'offered'`),
    uniqueIndex('waitlist_token_uq').on(t.tokenHash),
    uniqueIndex('waitlist_offer_token_uq').on(t.offerTokenHash),
    check('waitlist_party_positive', sql`${t.party} > 0`),
  ],
);

/**
 * Resellers selling our options through OCTO (issue 26, DESIGN §13): managed by admins, never deleted, only
 * disabled. `commissionBp`: their commission in basis points of the retail price (1500 = 15 %).
 */
export const resellers = pgTable(
  'resellers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    commissionBp: integer('commission_bp').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('resellers_name_uq').on(t.name),
    check('resellers_commission_range', sql`${t.commissionBp} between 0 and 10000`),
  ],
);

/**
 * A reseller's API keys: shown once when issued, kept as the SHA-256 of the key (a random 32-byte secret needs no
 * slow hash), revocable, each with its own rate limit per minute and its last use.
 */
export const resellerKeys = pgTable(
  'reseller_keys',
  {
    id: serial('id').primaryKey(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id),
    keyHash: text('key_hash').notNull(),
    /** The key's first characters, shown in the console to tell keys apart. */
    prefix: text('prefix').notNull(),
    ratePerMinute: integer('rate_per_minute').notNull().default(600),
    createdAt: tz('created_at').notNull(),
    revokedAt: tz('revoked_at'),
    lastUsedAt: tz('last_used_at'),
  },
  (t) => [uniqueIndex('reseller_keys_hash_uq').on(t.keyHash), index('reseller_keys_reseller_idx').on(t.resellerId)],
);

/** What an OCTO unit item keeps beside the booking's participant row of the same `seq`. */
export type OctoUnitItem = {
  uuid: string;
  unitId: string;
  resellerReference: string | null;
  contact: Record<string, unknown>;
};

/**
 * The OCTO side of a reseller's booking (issue 26): its uuid and references, the reseller's contact and notes,
 * and the unit items. The booking itself (state, seats, money, hold expiry in payment_deadline_date) is the one
 * booking module's row; this table is written only by the OCTO module.
 */
export const octoBookings = pgTable(
  'octo_bookings',
  {
    rsvno: text('rsvno')
      .primaryKey()
      .references(() => bookings.rsvno),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id),
    uuid: text('uuid').notNull(),
    resellerReference: text('reseller_reference'),
    contact: jsonb('contact').$type<Record<string, unknown>>().notNull().default({}),
    notes: text('notes'),
    unitItems: jsonb('unit_items').$type<OctoUnitItem[]>().notNull().default([]),
    createdAt: tz('created_at').notNull(),
    updatedAt: tz('updated_at').notNull(),
    confirmedAt: tz('confirmed_at'),
    cancellationReason: text('cancellation_reason'),
  },
  (t) => [
    uniqueIndex('octo_bookings_uuid_uq').on(t.resellerId, t.uuid),
    // The same resellerReference twice from one reseller answers the same booking (idempotent reserve).
    uniqueIndex('octo_bookings_reference_uq')
      .on(t.resellerId, t.resellerReference)
      .where(sql`${t.resellerReference} is not null`),
  ],
);

/** Counters for rate limits when no Redis is configured (DESIGN §4, §9). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: tz('reset_at').notNull(),
  },
  // Retention finds ended windows without reading the table (issue 30); a hit that only counts keeps it HOT.
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/** Staff of the travel company (DESIGN §11): `admin` or `operator`; never deleted, only disabled. */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased and trimmed; sign-in compares it so. */
    mail: text('mail').notNull(),
    role: text('role').notNull(),
    /** `scrypt$N$r$p$salt$hash` (ADR 0090). */
    passwordHash: text('password_hash').notNull(),
    /** Set for an initial or reset password: every call but the password change is refused until it is changed. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** Base32 TOTP secret once enrolled; the second factor is asked for whenever it is set. */
    totpSecret: text('totp_secret'),
    /** A secret shown on the enrolment page and not yet confirmed with a code. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last accepted TOTP time step: a code is accepted once (no replay within its window). */
    totpLastStep: integer('totp_last_step'),
    /** Asks for enrolment at the next sign-in whatever the role: set when an admin resets a lost authenticator. */
    totpRequired: boolean('totp_required').notNull().default(false),
    disabledAt: tz('disabled_at'),
    lastLoginAt: tz('last_login_at'),
    passwordChangedAt: tz('password_changed_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_accounts_mail_uq').on(t.mail),
    check('staff_accounts_role', sql`${t.role} in ('admin', 'operator')`),
  ],
);

/**
 * Staff sessions (DESIGN §11): the cookie holds an opaque id, stored here as its SHA-256. `stage` is 'totp' or
 * 'enrol' between the password and the second factor, 'full' after it.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    stage: text('stage').notNull(),
    createdAt: tz('created_at').notNull(),
    lastSeenAt: tz('last_seen_at').notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** Append-only record of sign-ins, failures, sign-outs and account changes. */
export const staffAuditEvents = pgTable(
  'staff_audit_events',
  {
    id: serial('id').primaryKey(),
    at: tz('at').notNull(),
    staffId: integer('staff_id').references(() => staffAccounts.id),
    /** The mail as given (also for a sign-in with an unknown mail). */
    mail: text('mail').notNull(),
    kind: text('kind').notNull(),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('staff_audit_events_staff_idx').on(t.staffId, t.at)],
);

// The rows as the repositories read them (…Row) and write them (New…), one name a table.
export type OptionRow = typeof options.$inferSelect;
export type StockRow = typeof stock.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;
export type NewBookingOption = typeof bookingOptions.$inferInsert;
export type NewUnpaidHold = typeof unpaidHolds.$inferInsert;
export type NewMember = typeof bookingMembers.$inferInsert;
export type NewRental = typeof bookingRentals.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;
export type BookingEventRow = typeof bookingEvents.$inferSelect;
export type NewBookingEvent = typeof bookingEvents.$inferInsert;
export type OutboxRow = typeof outbox.$inferSelect;
export type ReceiptRow = typeof receipts.$inferSelect;
export type ProviderCallRow = typeof providerCalls.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type NewProviderCall = typeof providerCalls.$inferInsert;
export type SandboxCheckoutRow = typeof sandboxCheckouts.$inferSelect;
export type SandboxRefundRow = typeof sandboxRefunds.$inferSelect;
export type ResellerRow = typeof resellers.$inferSelect;
export type ResellerKeyRow = typeof resellerKeys.$inferSelect;
export type OctoBookingRow = typeof octoBookings.$inferSelect;

/**
 * The background work's one schedule (ADR 0183): one row per job, due at `run_at`, held by one instance at a time
 * (`locked_by` until `locked_until`, renewed while it runs), with its failures in a row and the back-off they earn.
 * The work items stay in their own tables (the outbox's mails, the provider calls): a job drains them.
 */
export const jobs = pgTable('jobs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  everyMs: integer('every_ms').notNull(),
  runAt: tz('run_at').notNull(),
  /** A commit announced new work while the job ran (or waited): it runs again soon after, not at its interval. */
  nudged: boolean('nudged').notNull().default(false),
  lockedBy: text('locked_by'),
  lockedUntil: tz('locked_until'),
  /** Failures since the last run that ended well; the next try waits retryDelayMs(failures). */
  failures: integer('failures').notNull().default(0),
  lastError: text('last_error'),
  lastStartedAt: tz('last_started_at'),
  lastEndedAt: tz('last_ended_at'),
  lastOkAt: tz('last_ok_at'),
  runs: integer('runs').notNull().default(0),
});
