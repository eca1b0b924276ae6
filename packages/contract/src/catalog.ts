/** Catalog calls of SPEC §7: list, conditions, areas, cities, detail, price, nationalities. */
import { z } from 'zod';
import { dayPriceFields, envelope, facilityFields, numericString, plainText, ymdString } from './envelope.ts';
import { LANGS } from './i18n.ts';
import { OPTION_SORTS } from './option-sort.ts';

const code = plainText().max(20);

export const region = z.object({ homencd: z.string(), homennm: z.string() });
export const area = z.object({ areacd: z.string(), areanm: z.string() });
export const city = z.object({ citycd: z.string(), citynm: z.string() });
export const keyword = z.object({ keycd: z.string(), keyname: z.string() });
/**
 * One picture of an option: SPEC's `image` (the address) and `caption`, and what a responsive page needs.
 * A demo picture is a vector (`srcset` empty); an uploaded photo lists its WebP variants.
 */
export const image = z.object({
  image: z.string(),
  caption: z.string(),
  /** Text for those who cannot see the picture; the caption when staff left it empty. */
  alt: z.string(),
  /** `srcset` of the variants (`/media/…-480.webp 480w, …`), or '' for a picture that scales by itself. */
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type OptionImage = z.infer<typeof image>;
export const nationality = z.object({ id: z.number().int(), nationality_nm: z.string() });
export type Region = z.infer<typeof region>;
export type Area = z.infer<typeof area>;
export type City = z.infer<typeof city>;
export type Keyword = z.infer<typeof keyword>;
export type Nationality = z.infer<typeof nationality>;

// GET /option
/**
 * The language of the catalog's texts in an answer: SPEC's Japanese by default, or the call's
 * Accept-Language; `lang` overrides both. Texts without a translation stay Japanese.
 */
export const langQuery = z.object({ lang: z.enum(LANGS).optional() });

export const optionListQuery = z.object({
  ...langQuery.shape,
  homencd: code.optional(),
  areacd: code.optional(),
  citycd: code.optional(),
  fromspotcd: code.optional(),
  usedate: ymdString.optional(),
  keycd: z
    .string()
    .max(200)
    .regex(/^[\w,-]*$/, 'キーワードの指定が正しくありません')
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  md: plainText().max(50).optional(),
  sort: z.enum(OPTION_SORTS).optional(),
});
export type OptionListQuery = z.input<typeof optionListQuery>;

export const optionListItem = z.object({
  opcd: z.string(),
  webname: z.string(),
  introduction: z.string(),
  imageList: z.array(image),
  keywordList: z.array(keyword),
  use_from: ymdString,
  use_to: ymdString,
  fromspot: z.string().nullable(),
  homen: z.string(),
  area: z.string(),
  city: z.string(),
  min_baika: z.number().int(),
  max_baika: z.number().int(),
  flg_request_item: z.number().int(),
});
export type OptionListItem = z.infer<typeof optionListItem>;

export const pageLink = z.object({ url: z.string().nullable(), label: z.string(), active: z.boolean() });
export type PageLink = z.infer<typeof pageLink>;

export const paginatedOptions = z.object({
  data: z.array(optionListItem),
  links: z.array(pageLink),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  total: z.number().int(),
  current_page: z.number().int(),
  last_page: z.number().int(),
});
export type PaginatedOptions = z.infer<typeof paginatedOptions>;
export const optionListResponse = envelope(
  z.object({
    optionList: paginatedOptions,
    /**
     * An extra beside SPEC's answer, only when a searched use date has no room: the nearest days (YYYYMMDD, in
     * date order, from the first day on sale on, at most 3) on which an option matching the other conditions has a
     * seat; empty when none has.
     */
    nearest_days: z.array(ymdString).optional(),
  }),
);
export type OptionListAnswer = NonNullable<z.infer<typeof optionListResponse>['response']>;

// GET /option/condition
export const conditionResponse = envelope(z.object({ homenList: z.array(region), keywordList: z.array(keyword) }));

// GET /area, GET /city: without the region (or the area) the answer is an empty list
export const areaQuery = z.object({
  ...langQuery.shape,
  homencd: code.optional(),
  is_valid: plainText().optional(),
});
export const areaResponse = envelope(z.array(area));
export const cityQuery = z.object({
  ...langQuery.shape,
  homencd: code.optional(),
  areacd: code.optional(),
  is_valid: plainText().optional(),
});
export const cityResponse = envelope(z.array(city));

// GET /nationality
export const nationalityResponse = envelope(z.array(nationality));

// GET /option/{opcd}
export const calendarDay = z.object({
  date: ymdString,
  zaikozan: numericString,
  ...dayPriceFields(numericString),
});
export type CalendarDay = z.infer<typeof calendarDay>;

export const optionPathParams = z.object({ code: plainText().min(1).max(20) });
export const optionDetailQuery = z.object({
  ...langQuery.shape,
  usedate: ymdString.optional(),
  md: plainText().max(50).optional(),
});

const ageLimit = z.number().int().nullable();
export const optionDetail = z.object({
  opcd: z.string(),
  webname: z.string(),
  introduction: z.string(),
  flg_request_item: z.number().int(),
  imageList: z.array(image),
  valueList: z.record(z.string(), calendarDay),
  keywordList: z.array(keyword),
  use_from: ymdString,
  use_to: ymdString,
  homen: z.string(),
  area: z.string(),
  city: z.string(),
  fromspot: z.string().nullable(),
  meetpoint: z.string().nullable(),
  contents: z.string(),
  ...facilityFields,
  optionattention: z.string(),
  information: z.string(),
  cancel_note: z.string(),
  age_note: z.string(),
  adult_age_min: ageLimit,
  adult_age_max: ageLimit,
  middle_age_min: ageLimit,
  middle_age_max: ageLimit,
  child_age_min: ageLimit,
  child_age_max: ageLimit,
  infant_age_min: ageLimit,
  infant_age_max: ageLimit,
  max_people: z.number().int().nullable(),
  min_people: z.number().int().nullable(),
  rentalcd: z.string(),
  travelkubun: z.number().int(),
  /** The headline facts, extras beside SPEC's fields: meeting and end time, and the fee tiers. */
  departure_time: z.string().nullable().optional(),
  arrival_time: z.string().nullable().optional(),
  cancel_policy: z.array(z.object({ daysBefore: z.number().int(), percent: z.number() })).optional(),
  /**
   * Not in SPEC (ADR 0196): the option sells departures at start times; a day's zaikozan in valueList is the sum of
   * its departures' seats, its prices the lowest, and GET /option/{code}/departures lists them.
   */
  timed: z.boolean().optional(),
  /** When sales of a day close (ADR 0191); a day past it has no stock in valueList. */
  sales_cutoff: z.object({ daysBefore: z.number().int(), time: z.string() }).optional(),
  extended_fields: z.array(z.string()),
});
export type OptionDetail = z.infer<typeof optionDetail>;
export const optionDetailResponse = envelope(optionDetail);

/** My page reads only these of GET /option/{code}; a package code answers with just them. */
export const optionSummary = z.looseObject({
  travelkubun: z.number().int(),
  rentalcd: z.string(),
  webname: z.string(),
});
export type OptionSummary = z.infer<typeof optionSummary>;

/**
 * GET /option/{code}'s answer (SPEC §7): an option code is answered with the option's detail, a package code (my page)
 * with the summary of its first option. My page reads the fields both share; the detail page asks `isOptionDetail` (catalog-rules.ts).
 */
export const optionOrPackage = z.union([optionDetail, optionSummary]);
export type OptionOrPackage = z.infer<typeof optionOrPackage>;
export const optionOrPackageResponse = envelope(optionOrPackage);

// GET /price/{opcd}
export const priceQuery = z.object({
  usedate: plainText().optional(),
  /** Not in SPEC (ADR 0196): the departure's start time on an option with start times. */
  start_time: plainText().optional(),
  adultqty: plainText().optional(),
  middleqty: plainText().optional(),
  childqty: plainText().optional(),
  infantqty: plainText().optional(),
});
/** Trimmed; an empty code is SPEC §8's 501, answered by the call itself. */
export const priceParams = z.object({ opcd: z.string().trim().pipe(plainText().max(20)) });
export const dayPrice = z.object(dayPriceFields(numericString));
export type DayPrice = z.infer<typeof dayPrice>;
export const priceResponse = envelope(z.object({ valueList: z.record(z.string(), dayPrice) }));

/** GET /option/{code}/departures (not in SPEC, ADR 0196): the departures of a day an option sells, in time order. */
export const departuresQuery = z.object({ ...langQuery.shape, usedate: ymdString });
export const departure = z.object({
  /** `HH:MM`, or '' for the whole day. */
  start_time: z.string(),
  end_time: z.string(),
  /** Listed, not sold: its start time has passed (a departure of today that has left), or it was called off. */
  closed: z.boolean(),
  zaikozan: z.number().int(),
  adultbaika: z.number().int(),
  middlebaika: z.number().int(),
  childbaika: z.number().int(),
  infantbaika: z.number().int(),
});
export type Departure = z.infer<typeof departure>;
export const departuresAnswer = z.object({ usedate: ymdString, departures: z.array(departure) });
export type DeparturesAnswer = z.infer<typeof departuresAnswer>;
export const departuresResponse = envelope(departuresAnswer);

/**
 * GET /option/{code}/rental-stock (not in SPEC, ADR 0209): what the option's rental shop has left on a day, per rental
 * select and value (`"26.5": 2`). Only the selects the shop counts are present; a value a counted select does not list
 * has none left. The rental step and my page's rental edit offer a value without stock disabled, marked 在庫なし.
 */
export const rentalStockQuery = z.object({ usedate: ymdString });
const leftBySize = z.record(z.string(), z.number().int().nonnegative());
export const rentalStockAnswer = z.object({
  usedate: ymdString,
  left: z.object({ model: leftBySize.optional(), boots_size: leftBySize.optional(), wear_size: leftBySize.optional() }),
});
export type RentalStockAnswer = z.infer<typeof rentalStockAnswer>;
export const rentalStockResponse = envelope(rentalStockAnswer);
