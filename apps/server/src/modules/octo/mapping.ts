/**
 * Our catalog, stock and bookings as OCTO's products, units, availabilities and bookings (ADR 0170). Pure
 * functions of rows already read: one option is one product with one default option; the age classes are units.
 * An option that sells whole days is an OPENING_HOURS product, each Tokyo day of stock one all-day availability; a
 * timed option (ADR 0196) is a START_TIME product, each departure one availability at its start time.
 */

import type { OptionDetail } from '@tabi/contract/catalog';
import { AGE_CLASS_LABEL, type AgeClass } from '@tabi/contract/constants';
import { addDays, isoDateToYmd, ymdToIsoDate } from '@tabi/contract/dates';
import type { Lang } from '@tabi/contract/i18n';
import { type AgeRules, offeredAgeClasses, partyBounds } from '@tabi/contract/party';
import { includedTax } from '@tabi/contract/receipt';
import { type SalesCutoff, salesCutoffAt } from '@tabi/contract/sales-cutoff';
import type { BookingState, CancelTier, OctoUnitItem } from '../../db/schema.ts';
import { htmlText } from '../../http/safe-html.ts';
import { effectiveLifecycle, wasPaid } from '../booking/lifecycle.ts';
import { bookingCommissionBp, netPrice } from '../booking/reseller.ts';
import { isOctoDay } from './schemas.ts';

export const OCTO_OPTION_ID = 'DEFAULT';
export const TIME_ZONE = 'Asia/Tokyo';
const OFFSET = '+09:00';

/** Unit ids and types, one per age class (中人 is YOUTH). */
export const UNIT_OF: Record<AgeClass, { id: string; type: 'ADULT' | 'YOUTH' | 'CHILD' | 'INFANT' }> = {
  adult: { id: 'adult', type: 'ADULT' },
  middle: { id: 'youth', type: 'YOUTH' },
  child: { id: 'child', type: 'CHILD' },
  infant: { id: 'infant', type: 'INFANT' },
};

export function ageClassOfUnit(unitId: string): AgeClass | undefined {
  return (Object.keys(UNIT_OF) as AgeClass[]).find((c) => UNIT_OF[c].id === unitId);
}

/** The option's columns the mapping reads. */
export interface OctoOptionFacts extends AgeRules {
  opcd: string;
  webname: string;
  hours: string;
  min_people: number | null;
  max_people: number | null;
  cancel_policy: CancelTier[] | null;
  /** When sales of a day close (ADR 0191): this many days before it, at sales_cutoff_time (HH:MM, Tokyo). */
  sales_cutoff_days_before: number;
  sales_cutoff_time: string;
  /** Sells departures at start times (ADR 0196): a START_TIME product; otherwise whole days, OPENING_HOURS. */
  timed: boolean;
}

/** The option's sales cutoff, in the contract's terms. */
export function salesCutoffOfFacts(
  option: Pick<OctoOptionFacts, 'sales_cutoff_days_before' | 'sales_cutoff_time'>,
): SalesCutoff {
  return { daysBefore: option.sales_cutoff_days_before, time: option.sales_cutoff_time };
}

/** The instant sales of the day close, as OCTO writes a UTC instant ("2026-11-30T08:00:00Z"). */
export function utcCutoffAtOf(option: OctoOptionFacts, usedate: string): string {
  return salesCutoffAt(isoDateToYmd(usedate), salesCutoffOfFacts(option)).toISOString().replace('.000Z', 'Z');
}

/**
 * One departure (a whole day's for an all-day option) with what is held on it: capacity = what is left + what
 * bookings hold. For a timed option's calendar, a day's departures summed (see {@link dayOfDepartures}).
 */
export interface OctoDay {
  /** YYYY-MM-DD */
  usedate: string;
  /** `HH:MM` Tokyo wall-clock, '' for a whole day. */
  startTime: string;
  /** `HH:MM`, '' when the option does not say. */
  endTime: string;
  zaikozan: number;
  held: number;
  stopped: boolean;
  adultbaika: number;
  middlebaika: number;
  childbaika: number;
  infantbaika: number;
}

export interface OctoPricing {
  original: number;
  retail: number;
  net: number | null;
  currency: 'JPY';
  currencyPrecision: 0;
  includedTaxes: { name: string; retail: number; original: number; net: number | null }[];
}

/** Yen, tax included (10 % consumption tax, its part computed as on our receipts). */
export function pricingOf(retail: number, net: number | null): OctoPricing {
  return {
    original: retail,
    retail,
    net,
    currency: 'JPY',
    currencyPrecision: 0,
    includedTaxes: [
      {
        name: 'Consumption tax (消費税)',
        retail: includedTax(retail),
        original: includedTax(retail),
        net: net === null ? null : includedTax(net),
      },
    ],
  };
}

const PRICE_COLUMN: Record<AgeClass, 'adultbaika' | 'middlebaika' | 'childbaika' | 'infantbaika'> = {
  adult: 'adultbaika',
  middle: 'middlebaika',
  child: 'childbaika',
  infant: 'infantbaika',
};

export function unitPrice(
  day: Pick<OctoDay, 'adultbaika' | 'middlebaika' | 'childbaika' | 'infantbaika'>,
  c: AgeClass,
) {
  return day[PRICE_COLUMN[c]];
}

/** The first "H:MM〜H:MM" of the option's hours text, as OCTO's opening hours; none when it has no such time. */
/**
 * The hours of an all-day option as OCTO's `openingHours`, which OCTO requires to hold at least one entry: the first
 * "H:MM〜H:MM" of the option's hours text; a start without an end time (「9:30〜日没」) is open from it to the day's
 * end, and a text without a time the whole day.
 */
export function openingHoursOf(hours: string): { from: string; to: string }[] {
  const text = hours.normalize('NFKC');
  const time = (h: string, m: string) => `${h.padStart(2, '0')}:${m}`;
  const range = text.match(/(\d{1,2}):(\d{2})\s*[〜~\-–ー]\s*(\d{1,2}):(\d{2})/);
  if (range) {
    const [, h1 = '', m1 = '', h2 = '', m2 = ''] = range;
    return [{ from: time(h1, m1), to: time(h2, m2) }];
  }
  const start = text.match(/(\d{1,2}):(\d{2})/);
  return [{ from: start ? time(start[1] ?? '', start[2] ?? '') : '00:00', to: '23:59' }];
}

export function unitsOf(option: OctoOptionFacts, pricing: { commissionBp: number; from?: OctoDay } | null) {
  const classes = offeredAgeClasses(option);
  const { max } = partyBounds(option);
  return classes.map((c) => {
    const min = option[`${c}_age_min`];
    const maxAge = option[`${c}_age_max`];
    return {
      id: UNIT_OF[c].id,
      internalName: AGE_CLASS_LABEL[c],
      reference: c,
      type: UNIT_OF[c].type,
      restrictions: {
        minAge: min ?? 0,
        maxAge: maxAge ?? 99,
        idRequired: false,
        minQuantity: null,
        maxQuantity: max,
        paxCount: 1,
        // An infant is booked with at least one other traveller (the site's rule, SPEC §5).
        accompaniedBy: c === 'infant' ? classes.filter((o) => o !== 'infant').map((o) => UNIT_OF[o].id) : [],
      },
      requiredContactFields: [],
      ...(pricing?.from
        ? {
            pricingFrom: [
              pricingOf(unitPrice(pricing.from, c), netPrice(unitPrice(pricing.from, c), pricing.commissionBp)),
            ],
          }
        : {}),
    };
  });
}

/**
 * The product. A timed option is START_TIME with `startTimes` (its departures' distinct times, sorted); an all-day
 * one OPENING_HOURS, its one start the opening of its hours.
 */
export function productOf(
  option: OctoOptionFacts,
  pricing: { commissionBp: number; from?: OctoDay } | null,
  startTimes: readonly string[] = [],
) {
  const { min, max } = partyBounds(option);
  const hours = openingHoursOf(option.hours);
  return {
    id: option.opcd,
    internalName: option.webname,
    reference: option.opcd,
    locale: 'ja-JP',
    timeZone: TIME_ZONE,
    allowFreesale: false,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: option.timed ? ('START_TIME' as const) : ('OPENING_HOURS' as const),
    deliveryFormats: ['QRCODE'],
    deliveryMethods: ['VOUCHER'],
    redemptionMethod: 'MANIFEST',
    ...(pricing ? { defaultCurrency: 'JPY', availableCurrencies: ['JPY'], pricingPer: 'UNIT' } : {}),
    options: [
      {
        id: OCTO_OPTION_ID,
        default: true,
        internalName: option.webname,
        reference: null,
        availabilityLocalStartTimes: option.timed ? [...startTimes] : [hours[0]?.from ?? '00:00'],
        // Our customers cancel until the day before the use date (SPEC §4): the cutoff is the day's start, 00:00.
        cancellationCutoff: '0 hours',
        cancellationCutoffAmount: 0,
        cancellationCutoffUnit: 'hour',
        requiredContactFields: [],
        restrictions: { minUnits: min, maxUnits: max },
        units: unitsOf(option, pricing),
      },
    ],
  };
}

/**
 * An availability's id: its start in Tokyo with the offset, as OCTO's examples write it — the day's start for a
 * whole day, the departure's start time on its own day for a timed one (`2026-12-10T13:00:00+09:00`).
 */
export function availabilityIdOf(usedate: string, startTime = ''): string {
  return `${usedate}T${startTime || '00:00'}:00${OFFSET}`;
}

/** The departure an availability id names. */
export interface DepartureKey {
  /** YYYY-MM-DD */
  usedate: string;
  /** `HH:MM`, '' for a whole day. */
  startTime: string;
}

const TIMED_ID = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d):00\+09:00$/;
const DAY_ID = /^(\d{4}-\d{2}-\d{2})T00:00:00(\+09:00)?$/;

/**
 * The departure an availability id names for a product of this kind, or null when the id is not one of ours: a
 * timed product's ids are a start time with Tokyo's offset, `+09:00` and no other (a departure at 00:30 is on its
 * own day); an all-day product's are its days' starts, as they always were. Whether the departure exists is the
 * caller's to ask.
 */
export function departureOfAvailabilityId(id: unknown, timed: boolean): DepartureKey | null {
  if (typeof id !== 'string') return null;
  const match = id.match(timed ? TIMED_ID : DAY_ID);
  const usedate = match?.[1];
  // Only a real day within the range OCTO may name is an availability (no other has a next day to end it).
  if (!match || !usedate || !isOctoDay(usedate)) return null;
  return { usedate, startTime: timed ? `${match[2]}:${match[3]}` : '' };
}

/** The departure's key as one string, for sets of them. */
export function departureKey(d: DepartureKey): string {
  return `${d.usedate} ${d.startTime}`;
}

function nextDay(usedate: string): string {
  return ymdToIsoDate(addDays(isoDateToYmd(usedate), 1));
}

export type OctoAvailabilityStatus = 'AVAILABLE' | 'LIMITED' | 'SOLD_OUT' | 'CLOSED';

/**
 * LIMITED below half the capacity left (OCTO's definition), CLOSED when the day is stopped or not for sale (outside
 * the use period, past, its sales cutoff passed, or the departure started: the caller's `bookable`).
 */
export function dayStatus(day: OctoDay, bookable: boolean): OctoAvailabilityStatus {
  if (!bookable || day.stopped) return 'CLOSED';
  if (day.zaikozan <= 0) return 'SOLD_OUT';
  return day.zaikozan * 2 < day.zaikozan + day.held ? 'LIMITED' : 'AVAILABLE';
}

export interface UnitAsk {
  ageClass: AgeClass;
  quantity: number;
}

export function availabilityOf(
  option: OctoOptionFacts,
  day: OctoDay,
  bookable: boolean,
  pricing: { commissionBp: number; units: UnitAsk[] } | null,
) {
  const status = dayStatus(day, bookable);
  const asked = pricing?.units.reduce((sum, u) => sum + u.quantity, 0) ?? 0;
  const open = status === 'AVAILABLE' || status === 'LIMITED';
  const vacancies = open ? day.zaikozan : 0;
  const id = availabilityIdOf(day.usedate, day.startTime);
  return {
    id,
    localDateTimeStart: id,
    localDateTimeEnd: endOf(day),
    allDay: day.startTime === '',
    // The instant the day's sales close (ADR 0191), as on our site: a reserve or confirm after it is refused.
    utcCutoffAt: utcCutoffAtOf(option, day.usedate),
    available: open && vacancies >= Math.max(1, asked),
    status,
    vacancies,
    capacity: day.zaikozan + day.held,
    maxUnits: partyBounds(option).max,
    openingHours: day.startTime === '' ? openingHoursOf(option.hours) : departureHours(day),
    ...(pricing ? dayPricing(option, day, pricing) : {}),
  };
}

/**
 * Where an availability ends: a whole day at the next day's start; a departure at its end time on its day, or at
 * its start when it names no end (OCTO asks for a date-time, and a departure never runs into the next day).
 */
function endOf(day: Pick<OctoDay, 'usedate' | 'startTime' | 'endTime'>): string {
  if (day.startTime === '') return availabilityIdOf(nextDay(day.usedate));
  const end = day.endTime > day.startTime ? day.endTime : day.startTime;
  return availabilityIdOf(day.usedate, end);
}

/** A departure's opening hours (OCTO gives them for start times too): from its start to its end when it has one. */
function departureHours(day: Pick<OctoDay, 'startTime' | 'endTime'>): { from: string; to: string }[] {
  return day.endTime > day.startTime ? [{ from: day.startTime, to: day.endTime }] : [];
}

/** octo/pricing on an availability: each unit's price that day, and the total of the units asked for. */
function dayPricing(option: OctoOptionFacts, day: OctoDay, pricing: { commissionBp: number; units: UnitAsk[] }) {
  const unitPricing = offeredAgeClasses(option).map((c) => ({
    unitId: UNIT_OF[c].id,
    ...pricingOf(unitPrice(day, c), netPrice(unitPrice(day, c), pricing.commissionBp)),
  }));
  const retail = pricing.units.reduce((sum, u) => sum + u.quantity * unitPrice(day, u.ageClass), 0);
  const net = pricing.units.reduce(
    (sum, u) => sum + u.quantity * netPrice(unitPrice(day, u.ageClass), pricing.commissionBp),
    0,
  );
  return { unitPricing, pricing: pricingOf(retail, net) };
}

/**
 * One day of the calendar: an all-day option's day, or a timed option's departures of the day summed (see
 * {@link dayOfDepartures}; its opening hours are those of the departures that say when they end).
 */
export function calendarDayOf(
  option: OctoOptionFacts,
  day: OctoDay,
  bookable: boolean,
  commissionBp: number | null,
  departures: readonly OctoDay[] = [],
) {
  const availability = availabilityOf(option, day, bookable, null);
  return {
    localDate: day.usedate,
    available: availability.available,
    status: availability.status,
    vacancies: availability.vacancies,
    capacity: availability.capacity,
    openingHours: option.timed ? departures.flatMap(departureHours) : availability.openingHours,
    ...(commissionBp === null
      ? {}
      : {
          unitPricingFrom: offeredAgeClasses(option).map((c) => ({
            unitId: UNIT_OF[c].id,
            ...pricingOf(unitPrice(day, c), netPrice(unitPrice(day, c), commissionBp)),
          })),
        }),
  };
}

/**
 * A timed option's day as SPEC §7 shows one (ADR 0196): its departures' seats left and held summed, stopped when every
 * departure is, and each age class's lowest price among the departures with a seat left (of them all when none has).
 * Undefined for a day without departures.
 */
export function dayOfDepartures(departures: readonly OctoDay[]): OctoDay | undefined {
  const [first] = departures;
  if (!first) return undefined;
  const withSeats = departures.filter((d) => d.zaikozan > 0);
  const priced = withSeats.length > 0 ? withSeats : departures;
  const lowest = (c: AgeClass) => Math.min(...priced.map((d) => unitPrice(d, c)));
  return {
    usedate: first.usedate,
    startTime: '',
    endTime: '',
    zaikozan: departures.reduce((sum, d) => sum + d.zaikozan, 0),
    held: departures.reduce((sum, d) => sum + d.held, 0),
    // Closed when every departure is: one called off alone leaves the day's others on sale.
    stopped: departures.every((d) => d.stopped),
    adultbaika: lowest('adult'),
    middlebaika: lowest('middle'),
    childbaika: lowest('child'),
    infantbaika: lowest('infant'),
  };
}

/** A departure with no stock row (not sold, or gone): CLOSED, nothing left, no capacity. */
export function closedDay(usedate: string, startTime = '', endTime = ''): OctoDay {
  return {
    usedate,
    startTime,
    endTime,
    zaikozan: 0,
    held: 0,
    stopped: false,
    adultbaika: 0,
    middlebaika: 0,
    childbaika: 0,
    infantbaika: 0,
  };
}

// --- bookings ---

export type OctoBookingStatus = 'ON_HOLD' | 'CONFIRMED' | 'EXPIRED' | 'CANCELLED';

export interface OctoBookingFacts {
  rsvno: string;
  state: BookingState;
  statusPayment: number;
  paymentDeadline: Date | null;
  canceledAt: Date | null;
  cancelReason: string | null;
  cancelFee: number | null;
  refundAmount: number | null;
  amountjp: number;
  netAmount: number | null;
  /** The commission it was sold at (null: sold before bookings kept it). */
  commissionBp: number | null;
  rsvdate: Date;
  fromdate: string;
  /** The departure the booking's line is on (ADR 0196): `HH:MM`, '' for a whole day; and its end as sold. */
  startTime: string;
  endTime: string;
  uuid: string;
  resellerReference: string | null;
  contact: Record<string, unknown>;
  notes: string | null;
  unitItems: OctoUnitItem[];
  updatedAt: Date;
  confirmedAt: Date | null;
  cancellationReason: string | null;
  prices: Pick<OctoDay, 'adultbaika' | 'middlebaika' | 'childbaika' | 'infantbaika'>;
  opcd: string;
  /** Travellers checked in at the door (ADR 0215), by their place in the party (1 = the first unit item). */
  redeemed: Map<number, Date>;
}

/** The booking's state in OCTO's words, read from the one lifecycle's fields. */
export function octoStatus(
  b: Pick<OctoBookingFacts, 'state' | 'statusPayment' | 'paymentDeadline' | 'rsvdate'>,
  now: Date,
): OctoBookingStatus {
  switch (effectiveLifecycle(b, now)) {
    case 'canceled':
      return 'CANCELLED';
    case 'reserved':
    case 'offered':
      return 'ON_HOLD';
    case 'paid':
      return 'CONFIRMED';
    case 'cancelling':
      return wasPaid(b) ? 'CONFIRMED' : 'EXPIRED';
    default:
      return 'EXPIRED';
  }
}

const CONTACT_FIELDS = [
  'fullName',
  'firstName',
  'lastName',
  'emailAddress',
  'phoneNumber',
  'postalCode',
  'country',
  'notes',
] as const;

/** OCTO's contact object: every field present, null where not given. */
export function contactOf(given: Record<string, unknown>) {
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const out: Record<string, unknown> = {};
  for (const f of CONTACT_FIELDS) out[f] = text(given[f]);
  if (out.fullName === null && (out.firstName || out.lastName)) {
    out.fullName = [out.firstName, out.lastName].filter(Boolean).join(' ');
  }
  out.locales = Array.isArray(given.locales) ? given.locales.filter((l) => typeof l === 'string') : [];
  return out;
}

function utc(at: Date | null): string | null {
  return at ? at.toISOString() : null;
}

export function bookingOf(
  b: OctoBookingFacts,
  option: OctoOptionFacts,
  availability: ReturnType<typeof availabilityOf>,
  now: Date,
  today: string,
  pricing: { commissionBp: number } | null,
) {
  const status = octoStatus(b, now);
  const live = status === 'ON_HOLD' || status === 'CONFIRMED';
  const units = new Map(unitsOf(option, null).map((u) => [u.id, u]));
  // A booking delivered by voucher always has one (OCTO's validator checks it in every state); only a confirmed
  // booking's voucher has something to show at the door.
  // Redeemed when the first traveller was checked in at the door (ADR 0215).
  const firstRedeemed = [...b.redeemed.values()].sort((x, y) => x.getTime() - y.getTime())[0] ?? null;
  const voucher = {
    redemptionMethod: 'MANIFEST',
    utcRedeemedAt: utc(firstRedeemed),
    deliveryOptions: status === 'CONFIRMED' ? [{ deliveryFormat: 'QRCODE', deliveryValue: b.rsvno }] : [],
  };
  const canceled = status === 'CANCELLED' || status === 'EXPIRED';
  return {
    id: b.uuid,
    uuid: b.uuid,
    testMode: false,
    resellerReference: b.resellerReference,
    supplierReference: b.rsvno,
    status,
    utcCreatedAt: b.rsvdate.toISOString(),
    utcUpdatedAt: b.updatedAt.toISOString(),
    utcExpiresAt: status === 'ON_HOLD' ? utc(b.paymentDeadline) : null,
    utcRedeemedAt: utc(firstRedeemed),
    utcConfirmedAt: utc(b.confirmedAt),
    productId: b.opcd,
    optionId: OCTO_OPTION_ID,
    // Until the use date starts (our cancellation rule, SPEC §4); a hold may always be released.
    cancellable: status === 'ON_HOLD' || (live && b.fromdate > today),
    cancellation: canceled
      ? {
          refund: refundOf(b),
          reason: b.cancellationReason ?? (status === 'EXPIRED' ? 'The hold expired' : null),
          utcCancelledAt: (b.canceledAt ?? b.updatedAt).toISOString(),
        }
      : null,
    freesale: false,
    availabilityId: availability.id,
    availability,
    contact: contactOf(b.contact),
    notes: b.notes,
    deliveryMethods: ['VOUCHER'],
    voucher,
    unitItems: b.unitItems.map((item, i) => {
      const ageClass = ageClassOfUnit(item.unitId);
      const price = ageClass ? unitPrice(b.prices, ageClass) : 0;
      return {
        uuid: item.uuid,
        resellerReference: item.resellerReference,
        supplierReference: `${b.rsvno}-${i + 1}`,
        unitId: item.unitId,
        unit: units.get(item.unitId),
        status,
        utcRedeemedAt: utc(b.redeemed.get(i + 1) ?? null),
        contact: contactOf(item.contact),
        ticket: null,
        // Each unit at the commission the booking was sold at, as its total (net_amount) is.
        ...(pricing ? { pricing: pricingOf(price, netPrice(price, bookingCommissionBp(b))) } : {}),
      };
    }),
    ...(pricing ? { pricing: pricingOf(b.amountjp, b.netAmount) } : {}),
  };
}

/** FULL when nothing is kept, NONE when everything is, PARTIAL between (a hold was never charged: FULL). */
function refundOf(b: Pick<OctoBookingFacts, 'cancelFee' | 'amountjp'>): 'FULL' | 'PARTIAL' | 'NONE' {
  const fee = b.cancelFee ?? 0;
  if (fee <= 0) return 'FULL';
  return fee >= b.amountjp ? 'NONE' : 'PARTIAL';
}

/** An option's texts as octo/content shows them, already in the language asked for (the catalog's detail). */
export interface OctoContentFacts {
  lang: Lang;
  detail: Pick<
    OptionDetail,
    | 'webname'
    | 'introduction'
    | 'contents'
    | 'optionattention'
    | 'cancel_note'
    | 'meetpoint'
    | 'area'
    | 'city'
    | 'keywordList'
    | 'imageList'
  >;
  /** The site's address, for the pictures' absolute URLs. */
  publicUrl: string;
  /** The language the option's title is in: `lang`, or English or Japanese where it has none in `lang`. */
  titleLang: Lang;
}

const UNIT_TITLES: Record<Lang, Record<AgeClass, [one: string, many: string]>> = {
  ja: { adult: ['大人', '大人'], middle: ['中人', '中人'], child: ['小人', '小人'], infant: ['幼児', '幼児'] },
  en: {
    adult: ['Adult', 'Adults'],
    middle: ['Youth', 'Youths'],
    child: ['Child', 'Children'],
    infant: ['Infant', 'Infants'],
  },
  ko: { adult: ['성인', '성인'], middle: ['청소년', '청소년'], child: ['어린이', '어린이'], infant: ['유아', '유아'] },
  'zh-Hant': {
    adult: ['成人', '成人'],
    middle: ['青少年', '青少年'],
    child: ['兒童', '兒童'],
    infant: ['幼兒', '幼兒'],
  },
  'zh-Hans': {
    adult: ['成人', '成人'],
    middle: ['青少年', '青少年'],
    child: ['儿童', '儿童'],
    infant: ['幼儿', '幼儿'],
  },
};

/**
 * octo/content: the product's, option's and units' texts a reseller shows its customers, in the language
 * of the call's Accept-Language where the option has it (each text falls back to Japanese on its own, as on our
 * pages). What we do not keep (inclusions, FAQs, videos) is empty rather than made up. The option's `language` is
 * that of its title, which may be the English or the Japanese one; the units' titles are always in `lang`.
 */
export function withContent<P extends ReturnType<typeof productOf>>(product: P, content: OctoContentFacts) {
  const { detail, lang, publicUrl, titleLang } = content;
  const absolute = (path: string) => (/^https?:/.test(path) ? path : `${publicUrl}${path}`);
  const cover = detail.imageList[0];
  return {
    ...product,
    title: detail.webname,
    country: 'JP',
    location: [detail.city, detail.area].filter(Boolean).join(', ') || null,
    subtitle: null,
    shortDescription: htmlText(detail.introduction).replace(/\s+/g, ' ').trim() || null,
    description: detail.contents || null,
    highlights: [],
    inclusions: [],
    exclusions: [],
    bookingTerms: detail.optionattention || null,
    redemptionInstructions: detail.meetpoint || null,
    cancellationPolicy: detail.cancel_note || null,
    categories: detail.keywordList.map((k) => k.keyname),
    faqs: [],
    coverImageUrl: cover ? absolute(cover.image) : null,
    bannerImageUrl: null,
    videoUrl: null,
    galleryImages: detail.imageList.map((i) => ({
      url: absolute(i.image),
      title: i.caption || null,
      caption: i.alt || null,
    })),
    bannerImages: [],
    pointToPoint: false,
    privacyTerms: null,
    alert: null,
    options: product.options.map((option) => ({
      ...option,
      title: detail.webname,
      subtitle: null,
      language: titleLang,
      shortDescription: null,
      units: option.units.map((unit) => {
        const [title, titlePlural] = UNIT_TITLES[lang][unit.reference];
        return { ...unit, title, titlePlural, subtitle: null };
      }),
    })),
  };
}
