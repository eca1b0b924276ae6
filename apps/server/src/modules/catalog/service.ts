/** Catalog rules: list filters and pagination, option detail with its month, price checks, masters. */

import type {
  areaQuery,
  CalendarDay,
  cityQuery,
  DeparturesAnswer,
  OptionDetail,
  OptionListItem,
  OptionSummary,
  optionDetailQuery,
  optionListQuery,
  priceQuery,
  RentalStockAnswer,
} from '@tabi/contract/catalog';
import { ErrCd, FROMSPOTS, OPTIONS_PER_PAGE, PACKAGE_CODE_OPTION } from '@tabi/contract/constants';
import { inLang, OPTION_TEXT_FIELDS } from '@tabi/contract/content';
import { isoDateToYmd, isValidYmd, monthEnd, monthStart, tokyoYmd, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { minimumNote } from '@tabi/contract/day-stop';
import type { Lang } from '@tabi/contract/i18n';
import { say } from '@tabi/contract/said';
import { departed, firstDayOnSale, type SalesCutoff, salesClosed } from '@tabi/contract/sales-cutoff';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { type Database, type Db, STOCK_CHANGED_CHANNEL } from '../../db/client.ts';
import { LiveCache } from '../../db/live-cache.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { textIn } from '../../i18n/said-text.ts';
import { policyForBooking } from '../booking/cancel-policy.ts';
import { publicImage } from '../media/pictures.ts';
import { monthCalendar } from './calendar.ts';
import { type JsonBody, jsonBody } from './http-cache.ts';
import { type Page, paginate } from './pagination.ts';
import * as repo from './repository.ts';
import { TtlCache } from './ttl-cache.ts';

/** How long a list page may be served from memory: short enough that a sold-out day vanishes almost at once. */
export const LIST_TTL_MS = 2_000;
/** Option texts, images and names (not stock). */
export const OPTION_TTL_MS = 10_000;
/**
 * A month calendar stays cached until a stock change of its option is notified (ADR 0015); this only bounds
 * its life should a notification ever be lost without the connection dropping.
 */
export const CALENDAR_MAX_AGE_MS = 30_000;
/** Regions, areas, cities, keywords, nationalities. */
export const MASTER_TTL_MS = 60_000;

/** The queries as the contract's entries parse them (values trimmed, empty ones left out: `searchQuery`). */
export type OptionListQuery = z.output<typeof optionListQuery>;
export type OptionDetailQuery = z.output<typeof optionDetailQuery>;
export type AreaQuery = z.output<typeof areaQuery>;
export type CityQuery = z.output<typeof cityQuery>;
export type PriceQuery = z.output<typeof priceQuery>;

function badUseDate(): AppError {
  return new AppError(ErrCd.generic, say('invalidUseDate'), 422);
}

/** SPEC §8's 501: a price asked for without an option code. */
export function noOperationCode(): AppError {
  return new AppError(ErrCd.noOperationCode, say('noOperationCode'), 400);
}

export interface OptionCore {
  detail: Omit<OptionDetail, 'valueList'>;
  useFrom: Ymd;
  useTo: Ymd;
  salesCutoff: SalesCutoff;
  /** The answer's envelope up to the month (`…,"valueList":`), encoded once: only the month changes per call. */
  envelopeHead: Buffer;
}

/** How many other days a use date without room suggests. */
export const NEAREST_DAYS = 3;

const LIST_FILTERS = ['homencd', 'areacd', 'citycd', 'fromspotcd', 'usedate', 'keycd', 'sort'] as const;

export class CatalogService {
  private readonly lists = new TtlCache<JsonBody>(LIST_TTL_MS, 500);
  private readonly cores = new TtlCache<OptionCore | null>(OPTION_TTL_MS, 500);
  private readonly masters = new TtlCache<JsonBody>(MASTER_TTL_MS, 500);
  /** The `valueList` JSON of an option's month, by option code, then month and today. */
  private readonly calendars = new LiveCache<Buffer>(CALENDAR_MAX_AGE_MS);

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    notifications?: Pick<Database, 'subscribe'>,
  ) {
    notifications?.subscribe(STOCK_CHANGED_CHANNEL, this.calendars);
  }

  /** Forget every cached read (tests that change data underneath). */
  clearCaches(): void {
    this.lists.clear();
    this.cores.clear();
    this.masters.clear();
    this.calendars.clear();
  }

  private todayMemo = { minute: Number.NaN, ymd: '' };

  /**
   * Today in Tokyo, worked out once a minute: Tokyo days begin on a whole minute, and formatting the date
   * costs more than the rest of a cached list request.
   */
  private today(): Ymd {
    const now = this.clock.now();
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute !== this.todayMemo.minute) this.todayMemo = { minute, ymd: tokyoYmd(now) };
    return this.todayMemo.ymd;
  }

  /** GET /option: one page, served pre-serialised from a short-lived cache. */
  async list(query: OptionListQuery, lang: Lang): Promise<JsonBody> {
    if (query.usedate !== undefined && !isValidYmd(query.usedate)) throw badUseDate();
    const page = query.page ?? 1;
    const keycds = [...new Set((query.keycd ?? '').split(',').filter((k) => k !== ''))];
    const today = this.today();
    // Keyed by the filters as given, since the page links echo them.
    const key = JSON.stringify([lang, today, page, ...LIST_FILTERS.map((f) => query[f])]);
    return this.lists.get(key, async () => {
      const filter: repo.ListFilter = {
        homencd: query.homencd,
        areacd: query.areacd,
        citycd: query.citycd,
        fromspotcd: query.fromspotcd,
        keycds,
      };
      let result: { rows: repo.ListRow[]; total: number } = { rows: [], total: 0 };
      const now = this.clock.now();
      // A use date before today can never be booked.
      if (query.usedate === undefined || query.usedate >= today) {
        const offset = (page - 1) * OPTIONS_PER_PAGE;
        const sort = query.sort ?? 'recommended';
        const dated = query.usedate === undefined ? filter : { ...filter, usedate: ymdToIsoDate(query.usedate) };
        const isoToday = ymdToIsoDate(today);
        result = await repo.listOptions(this.db, dated, isoToday, OPTIONS_PER_PAGE, offset, sort, lang, now);
      }
      // A use date with no room answers, beside SPEC's list, the nearest days that have some under the other
      // conditions, so that the visitor is not left with a bare 0 件.
      const nearest =
        query.usedate !== undefined && result.total === 0
          ? await repo.nearestDaysWithRoom(
              this.db,
              filter,
              ymdToIsoDate(query.usedate),
              ymdToIsoDate(today),
              now,
              NEAREST_DAYS,
            )
          : undefined;
      const search = new URLSearchParams();
      for (const f of LIST_FILTERS) {
        const value = query[f];
        if (value !== undefined) search.set(f, value);
      }
      const optionList: Page<OptionListItem> = paginate(
        result.rows.map((row) => toListItem(row, lang)),
        result.total,
        page,
        OPTIONS_PER_PAGE,
        (n) => {
          search.set('page', String(n));
          return `/api/option?${search.toString()}`;
        },
      );
      return jsonBody(ok(nearest === undefined ? { optionList } : { optionList, nearest_days: nearest }));
    });
  }

  /** GET /option/condition */
  async conditions(lang: Lang): Promise<JsonBody> {
    const today = this.today();
    return this.masters.get(`condition|${lang}|${today}`, async () => {
      const [homenList, keywordList] = await Promise.all([
        repo.regionsWithOptions(this.db, ymdToIsoDate(today), lang),
        repo.allKeywords(this.db, lang),
      ]);
      return jsonBody(ok({ homenList, keywordList }));
    });
  }

  /** GET /area?homencd&is_valid=true: areas of the region (only those with options when is_valid). */
  async areas(query: AreaQuery, lang: Lang): Promise<JsonBody> {
    const { homencd } = query;
    if (homencd === undefined) return jsonBody(ok([]));
    const validOnly = query.is_valid === 'true' || query.is_valid === '1';
    const today = this.today();
    return this.masters.get(JSON.stringify(['area', lang, today, homencd, validOnly]), async () =>
      jsonBody(ok(await repo.areasOf(this.db, homencd, validOnly, ymdToIsoDate(today), lang))),
    );
  }

  /** GET /city?homencd&areacd&is_valid=true */
  async cities(query: CityQuery, lang: Lang): Promise<JsonBody> {
    const { areacd } = query;
    if (areacd === undefined) return jsonBody(ok([]));
    const validOnly = query.is_valid === 'true' || query.is_valid === '1';
    const today = this.today();
    return this.masters.get(JSON.stringify(['city', lang, today, query.homencd, areacd, validOnly]), async () =>
      jsonBody(ok(await repo.citiesOf(this.db, areacd, query.homencd, validOnly, ymdToIsoDate(today), lang))),
    );
  }

  /** GET /nationality, in the caller's language. */
  async nationalities(lang: Lang): Promise<JsonBody> {
    return this.masters.get(`nationality:${lang}`, async () =>
      jsonBody(ok(await repo.allNationalities(this.db, lang))),
    );
  }

  /** An option's texts, names, images and keywords in `lang` (cached briefly). */
  async optionCore(opcd: string, lang: Lang): Promise<OptionCore | null> {
    return this.cores.get(`${lang}|${opcd}`, async () => {
      const row = await repo.findOptionCore(this.db, opcd, lang);
      return row ? toCore(row, lang) : null;
    });
  }

  /**
   * The public detail answer of an option as a visitor would get it once published, drafts included, for the
   * console's preview (never cached: staff see their last edit).
   */
  async preview(opcd: string, lang: Lang, usedate?: Ymd): Promise<OptionDetail | null> {
    const row = await repo.findOptionCore(this.db, opcd, lang, true);
    if (!row) return null;
    const core = toCore(row, lang);
    const month = monthStart(usedate ?? this.today());
    const rows = await repo.stockBetween(this.db, opcd, ymdToIsoDate(month), ymdToIsoDate(monthEnd(month)));
    const onSale = firstDayOnSale(core.salesCutoff, this.clock.now());
    return { ...core.detail, valueList: monthCalendar(month, rows, onSale, core.useFrom, core.useTo) };
  }

  /**
   * GET /option/{code}: the option with every day of the usedate's month (default: this month in Tokyo),
   * or, for a package code used on my page, the summary of its first option.
   */
  async detail(code: string, query: OptionDetailQuery, lang: Lang): Promise<Buffer> {
    if (query.usedate !== undefined && !isValidYmd(query.usedate)) throw badUseDate();
    const core = await this.optionCore(code, lang);
    if (!core) {
      if (code !== PACKAGE_CODE_OPTION) {
        const first = await repo.firstOptionOfPackage(this.db, code, lang);
        if (first) {
          const summary: OptionSummary = {
            travelkubun: first.travelkubun,
            rentalcd: '',
            webname: textIn(lang, say('andMore', { name: first.webname })),
          };
          return jsonBody(ok(summary)).body;
        }
      }
      throw AppError.notFound(say('optionNotFound'));
    }
    const month = monthStart(query.usedate ?? this.today());
    const { opcd } = core.detail;
    // Days before the first still on sale have no stock: a day past its cutoff cannot be chosen (ADR 0191).
    const onSale = firstDayOnSale(core.salesCutoff, this.clock.now());
    const valueList = await this.calendars.get(opcd, `${month}|${onSale}|${core.useFrom}|${core.useTo}`, async () => {
      const rows = await repo.stockBetween(this.db, opcd, ymdToIsoDate(month), ymdToIsoDate(monthEnd(month)));
      const days: Record<string, CalendarDay> = monthCalendar(month, rows, onSale, core.useFrom, core.useTo);
      return Buffer.from(`${JSON.stringify(days)}}}`, 'utf8');
    });
    return Buffer.concat([core.envelopeHead, valueList]);
  }

  /**
   * GET /option/{code}/departures (ADR 0196): the departures of a day in time order, each with its seats left and
   * prices; none for a day not on sale (past its cutoff, outside the use period) or an unknown option.
   */
  async departures(code: string, query: { usedate: string }): Promise<DeparturesAnswer> {
    if (!isValidYmd(query.usedate)) throw badUseDate();
    const period = await repo.optionUsePeriod(this.db, code);
    if (!period) throw AppError.notFound(say('optionNotFound'));
    const day = ymdToIsoDate(query.usedate);
    const open =
      !salesClosed(query.usedate, period.salesCutoff, this.clock.now()) && day >= period.useFrom && day <= period.useTo;
    const rows = open ? await repo.departuresOn(this.db, code, day) : [];
    const now = this.clock.now();
    return {
      usedate: query.usedate,
      departures: rows.map((r) => ({
        start_time: r.startTime,
        end_time: r.endTime,
        closed: r.stopped || departed(query.usedate, r.startTime, now),
        zaikozan: r.zaikozan,
        adultbaika: r.adultbaika,
        middlebaika: r.middlebaika,
        childbaika: r.childbaika,
        infantbaika: r.infantbaika,
      })),
    };
  }

  /** GET /option/{code}/rental-stock: the rental shop's sizes left on a day (ADR 0209). */
  async rentalStock(code: string, query: { usedate: string }): Promise<RentalStockAnswer> {
    if (!isValidYmd(query.usedate)) throw badUseDate();
    const period = await repo.optionUsePeriod(this.db, code);
    if (!period) throw AppError.notFound(say('optionNotFound'));
    const left: RentalStockAnswer['left'] = {};
    const field = { model: 'model', boots: 'boots_size', wear: 'wear_size' } as const;
    for (const row of await repo.rentalLeftOn(this.db, code, ymdToIsoDate(query.usedate))) {
      const sizes = left[field[row.item]] ?? {};
      sizes[row.size] = row.left;
      left[field[row.item]] = sizes;
    }
    return { usedate: query.usedate, left };
  }

  /** GET /price/{opcd} (the code trimmed): unit prices on a day, after SPEC §8's checks 501–505. */
  async price(code: string, query: PriceQuery) {
    if (code === '') throw noOperationCode();
    const usedate = query.usedate;
    if (usedate === undefined || !isValidYmd(usedate)) throw new AppError(ErrCd.noUseDate, say('noUseDate'), 400);
    const quantity = (v: string | undefined) => (v !== undefined && /^\d{1,4}$/.test(v) ? Number(v) : 0);
    const total =
      quantity(query.adultqty) + quantity(query.middleqty) + quantity(query.childqty) + quantity(query.infantqty);
    if (total === 0) throw new AppError(ErrCd.noMemberCount, say('noMemberCount'), 400);

    const period = await repo.optionUsePeriod(this.db, code);
    if (!period) throw AppError.notFound(say('optionNotFound'));
    const day = ymdToIsoDate(usedate);
    const row =
      salesClosed(usedate, period.salesCutoff, this.clock.now()) || day < period.useFrom || day > period.useTo
        ? undefined
        : await repo.stockOn(this.db, code, day, query.start_time);
    if (!row) throw new AppError(ErrCd.nothingPrice, say('nothingPrice'), 404);
    if (total > row.zaikozan) throw AppError.conflict(ErrCd.shortageOfStock, say('shortageOfStock'));
    return {
      valueList: {
        [usedate]: {
          adultbaika: String(row.adultbaika),
          middlebaika: String(row.middlebaika),
          childbaika: String(row.childbaika),
          infantbaika: String(row.infantbaika),
        },
      },
    };
  }
}

/** A message of the contract as a paragraph of an option's HTML texts in `lang` (nothing for none). */
function paragraph(lang: Lang, said: string | null): string {
  return said === null ? '' : `<p>${textIn(lang, said)}</p>`;
}

/**
 * A departure point's name in `lang`: the fixed eight are named in every language in the contract, and fall back as every
 * catalog text does (the language's, else the English, else the Japanese).
 */
function fromspotName(code: string | null, caption: string | null, lang: Lang): string | null {
  const spot = FROMSPOTS.find((f) => f.id === code);
  if (!spot || caption === null) return caption;
  return inLang({ caption }, spot.translations, lang, ['caption']).caption;
}

function toListItem(row: repo.ListRow, lang: Lang): OptionListItem {
  return {
    opcd: row.opcd,
    webname: row.webname,
    introduction: row.introduction,
    imageList: row.images.map(publicImage),
    keywordList: row.keywords,
    use_from: row.use_from,
    use_to: row.use_to,
    fromspot: fromspotName(row.fromspotcd, row.fromspot, lang),
    homen: row.homen,
    area: row.area,
    city: row.city,
    min_baika: Number(row.min_baika ?? 0),
    max_baika: Number(row.max_baika ?? 0),
    flg_request_item: row.flg_request_item ? 1 : 0,
  };
}

function toCore(row: repo.OptionCoreRow, lang: Lang): OptionCore {
  const o = inLang(row.option, row.option.translations, lang, OPTION_TEXT_FIELDS);
  const useFrom = isoDateToYmd(o.useFrom);
  const useTo = isoDateToYmd(o.useTo);
  const salesCutoff = { daysBefore: o.salesCutoffDaysBefore, time: o.salesCutoffTime };
  const detail: OptionCore['detail'] = {
    opcd: o.opcd,
    webname: o.webname,
    introduction: o.introduction,
    flg_request_item: o.flgRequestItem ? 1 : 0,
    imageList: row.images.map(publicImage),
    keywordList: row.keywords,
    use_from: useFrom,
    use_to: useTo,
    homen: row.homen,
    area: row.area,
    city: row.city,
    fromspot: fromspotName(o.fromspotcd, row.fromspot, lang),
    meetpoint: o.meetpoint,
    contents: o.contents,
    companyname: o.companyname,
    hours: o.hours,
    address: o.address,
    tel: o.tel,
    lat: o.lat,
    lon: o.lon,
    // 最少催行人員 in the notes: the SPEC's sections stay as they are.
    optionattention: `${o.optionattention}${paragraph(lang, minimumNote(o))}`,
    information: o.information,
    cancel_note: o.cancelNote,
    age_note: o.ageNote,
    adult_age_min: o.adultAgeMin,
    adult_age_max: o.adultAgeMax,
    middle_age_min: o.middleAgeMin,
    middle_age_max: o.middleAgeMax,
    child_age_min: o.childAgeMin,
    child_age_max: o.childAgeMax,
    infant_age_min: o.infantAgeMin,
    infant_age_max: o.infantAgeMax,
    max_people: o.maxPeople,
    min_people: o.minPeople,
    rentalcd: o.rentalcd,
    travelkubun: o.travelkubun,
    departure_time: o.departureTime,
    arrival_time: o.arrivalTime,
    cancel_policy: policyForBooking(o.cancelPolicy),
    timed: Boolean(row.timed),
    sales_cutoff: salesCutoff,
    extended_fields: o.extendedFields,
  };
  const envelope = JSON.stringify(ok(detail));
  // `…"extended_fields":[…]}}` → `…"extended_fields":[…],"valueList":` (the month and `}}` follow per call).
  const envelopeHead = Buffer.from(`${envelope.slice(0, -2)},"valueList":`, 'utf8');
  return { useFrom, useTo, salesCutoff, detail, envelopeHead };
}

const services = new WeakMap<AppContext, CatalogService>();

/** One service (and so one set of caches) per app context, shared by the routes, page meta and images. */
export function catalogService(ctx: AppContext): CatalogService {
  let service = services.get(ctx);
  if (!service) {
    service = new CatalogService(ctx.db, ctx.clock, ctx.notifications);
    services.set(ctx, service);
  }
  return service;
}
