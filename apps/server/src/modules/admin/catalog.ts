/**
 * 商品一覧 / 商品編集 (DESIGN §11, admin only): options as the customer side reads them, drafts and
 * publishing, and a catalog event (who, what, when, the changed fields before and after) for every change.
 * Options are never deleted: one with bookings must stay, and a draft is enough to take one off sale.
 */
import {
  type AdminOptionRecord,
  type CatalogListRow,
  type CatalogMasters,
  OPTION_KEYS,
  type OptionFields,
  untranslatedLangs,
} from '@tabi/contract/admin-catalog';
import { ErrCd } from '@tabi/contract/constants';
import { OPTION_HTML_FIELDS, OPTION_TEXT_FIELDS, TRANSLATED_LANGS, type TranslatedLang } from '@tabi/contract/content';
import { CatalogMsg } from '@tabi/contract/messages';
import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type DbOrTx, rowsOf, type Tx } from '../../db/client.ts';
import {
  areas,
  catalogEvents,
  cities,
  facilities,
  keywords,
  type OptionRow,
  optionKeywords,
  options,
  regions,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { sanitizeHtml } from '../../http/safe-html.ts';
import { forgetOptionReads } from '../booking/option-reads.ts';
import { catalogService } from '../catalog/service.ts';
import { lockUsesForOption, refuseOptionFacility } from '../resources/service.ts';
import type { StaffPrincipal } from '../staff/service.ts';

type OptionTranslations = OptionFields['translations'];

/** The stored translations as the console edits them: every text of every language, '' where not translated. */
function translationsOf(stored: OptionRow['translations'] | null): OptionTranslations {
  const textsIn = (lang: TranslatedLang) => {
    const texts: Partial<Record<string, string>> = stored?.[lang] ?? {};
    return Object.fromEntries(OPTION_TEXT_FIELDS.map((f) => [f, texts[f] ?? ''])) as OptionTranslations[TranslatedLang];
  };
  return Object.fromEntries(TRANSLATED_LANGS.map((lang) => [lang, textsIn(lang)])) as OptionTranslations;
}

/** The translations as stored: only the texts written ('' is "not translated", so it is left out). */
function storedTranslations(t: OptionTranslations): NonNullable<OptionRow['translations']> {
  return Object.fromEntries(
    TRANSLATED_LANGS.map((lang) => [
      lang,
      Object.fromEntries(Object.entries(t[lang]).filter(([, text]) => text !== '')),
    ]),
  );
}

/** The option's fields as the console edits them: its columns (the contract's keys) and its keywords. */
function fieldsOf(row: OptionRow, keycds: string[]): OptionFields {
  const columns = Object.fromEntries(OPTION_KEYS.map((k) => [k, k === 'keycds' ? keycds : row[k]]));
  return {
    ...(columns as OptionFields),
    travelkubun: row.travelkubun === 1 ? 1 : 0,
    exCd: ([0, 1, 2, 3] as const).find((c) => c === row.exCd) ?? 0,
    rentalcd: (['', '1', '2', '3', '4'] as const).find((c) => c === row.rentalcd) ?? '',
    extendedFields: row.extendedFields as OptionFields['extendedFields'],
    // jsonb keeps its own key order; the edit compares tiers by content, so they are rebuilt in the form's order.
    cancelPolicy: row.cancelPolicy?.map((t) => ({ daysBefore: t.daysBefore, percent: t.percent })) ?? null,
    translations: translationsOf(row.translations),
  };
}

/** The option's columns from the edited fields (everything but the keywords, which are rows of their own). */
function columnsOf(o: OptionFields): Omit<typeof options.$inferInsert, 'opcd'> {
  const { keycds: _keycds, translations, ...columns } = o;
  return { ...columns, translations: storedTranslations(translations) };
}

/** Master codes must exist and nest: the city in the area, the area in the region; keywords and facility known. */
async function checkReferences(db: DbOrTx, o: OptionFields): Promise<void> {
  const [place] = rowsOf<{ ok: boolean }>(
    await db.execute(sql`select exists (
      select 1 from cities c join areas a on a.areacd = c.areacd
      where c.citycd = ${o.citycd} and a.areacd = ${o.areacd} and a.homencd = ${o.homencd}
    ) as ok`),
  );
  if (!place?.ok) throw new AppError(ErrCd.generic, `${CatalogMsg.catalogRegionMismatch}（citycd）`, 422);
  if (o.keycds.length > 0) {
    const known = await db.select({ keycd: keywords.keycd }).from(keywords);
    const codes = new Set(known.map((k) => k.keycd));
    if (o.keycds.some((k) => !codes.has(k))) {
      throw new AppError(ErrCd.generic, `${CatalogMsg.catalogKeywordUnknown}（keycds）`, 422);
    }
  }
  if (o.facilityId !== null) {
    const [facility] = await db.select({ id: facilities.id }).from(facilities).where(eq(facilities.id, o.facilityId));
    if (!facility) throw new AppError(ErrCd.generic, `${CatalogMsg.catalogFacilityUnknown}（facilityId）`, 422);
  }
}

async function writeKeywords(tx: Tx, opcd: string, keycds: string[]): Promise<void> {
  await tx.delete(optionKeywords).where(eq(optionKeywords.opcd, opcd));
  if (keycds.length > 0) await tx.insert(optionKeywords).values(keycds.map((keycd) => ({ opcd, keycd })));
}

async function keywordsOf(db: DbOrTx, opcd: string): Promise<string[]> {
  const rows = await db
    .select({ keycd: optionKeywords.keycd })
    .from(optionKeywords)
    .where(eq(optionKeywords.opcd, opcd))
    .orderBy(asc(optionKeywords.keycd));
  return rows.map((r) => r.keycd);
}

export async function recordCatalogEvent(
  tx: DbOrTx,
  ctx: AppContext,
  staff: Pick<StaffPrincipal, 'id'>,
  opcd: string,
  kind: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  await tx.insert(catalogEvents).values({ at: ctx.clock.now(), staffId: staff.id, opcd, kind, before, after });
}

/** Only what changed, before and after (JSON equality: arrays and policies compare by content). */
function changes(before: OptionFields, after: OptionFields) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of OPTION_KEYS) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return { was, now };
}

/**
 * Public reads on this instance see the change at once; other instances within their short TTL (ADR 0010), and
 * their bookings when the change's notification comes (migration 0030).
 */
export function forgetPublicReads(ctx: AppContext): void {
  catalogService(ctx).clearCaches();
  forgetOptionReads(ctx);
}

export async function lockedOption(tx: Tx, opcd: string): Promise<OptionRow> {
  const [row] = await tx.select().from(options).where(eq(options.opcd, opcd)).for('update');
  if (!row) throw AppError.notFound(CatalogMsg.catalogNotFound);
  return row;
}

export async function listOptions(ctx: AppContext): Promise<CatalogListRow[]> {
  const rows = rowsOf<{
    opcd: string;
    webname: string;
    published: boolean;
    is_coupon: boolean;
    use_from: string;
    use_to: string;
    region: string;
    image: string | null;
    bookings: number | string;
    updated_at: Date | string | null;
    translations: OptionRow['translations'] | null;
  }>(
    await ctx.db.execute(sql`
      select o.opcd, o.webname, o.published, o.is_coupon, o.translations,
        to_char(o.use_from, 'YYYY-MM-DD') as use_from, to_char(o.use_to, 'YYYY-MM-DD') as use_to,
        r.homennm || ' ' || a.areanm || ' ' || c.citynm as region,
        (select i.image from option_images i where i.opcd = o.opcd order by i.seq limit 1) as image,
        (select count(distinct bo.rsvno) from booking_options bo where bo.opcd = o.opcd) as bookings,
        (select max(e.at) from catalog_events e where e.opcd = o.opcd) as updated_at
      from options o
      join regions r on r.homencd = o.homencd
      join areas a on a.areacd = o.areacd
      join cities c on c.citycd = o.citycd
      order by o.sort, o.opcd`),
  );
  return rows.map((r) => ({
    opcd: r.opcd,
    webname: r.webname,
    published: r.published,
    isCoupon: r.is_coupon,
    useFrom: r.use_from,
    useTo: r.use_to,
    region: r.region,
    image: r.image,
    bookings: Number(r.bookings),
    updatedAt: r.updated_at === null ? null : new Date(r.updated_at).toISOString(),
    untranslated: untranslatedLangs(r.translations),
  }));
}

export async function optionRecord(ctx: AppContext, opcd: string): Promise<AdminOptionRecord> {
  const [row] = await ctx.db.select().from(options).where(eq(options.opcd, opcd));
  if (!row) throw AppError.notFound(CatalogMsg.catalogNotFound);
  const [counted] = rowsOf<{ n: number | string }>(
    await ctx.db.execute(sql`select count(distinct rsvno) as n from booking_options where opcd = ${opcd}`),
  );
  const events = rowsOf<{
    id: number;
    at: Date | string;
    mail: string;
    kind: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(
    await ctx.db.execute(sql`
      select e.id, e.at, s.mail, e.kind, e.before, e.after
      from catalog_events e join staff_accounts s on s.id = e.staff_id
      where e.opcd = ${opcd} order by e.at desc, e.id desc limit 200`),
  );
  return {
    opcd: row.opcd,
    published: row.published,
    bookings: Number(counted?.n ?? 0),
    option: fieldsOf(row, await keywordsOf(ctx.db, opcd)),
    events: events.map((e) => ({
      id: Number(e.id),
      at: new Date(e.at).toISOString(),
      staffMail: e.mail,
      kind: e.kind,
      before: e.before,
      after: e.after,
    })),
  };
}

/**
 * One change of an option in one transaction (edited fields are checked against the masters first); then
 * public reads see it, and the console gets the record back.
 */
async function changeOption(
  ctx: AppContext,
  opcd: string,
  input: OptionFields | null,
  change: (tx: Tx) => Promise<void>,
): Promise<AdminOptionRecord> {
  if (input) await checkReferences(ctx.db, input);
  await ctx.db.transaction(change);
  forgetPublicReads(ctx);
  return optionRecord(ctx, opcd);
}

/**
 * The HTML texts as the one allow-list keeps them (ADR 0160), in Japanese and every other language, sanitised when saved:
 * what is stored is what every page shows, and an `onerror` or a `javascript:` link never reaches the database.
 */
function withSafeHtml(input: OptionFields): OptionFields {
  // Rebuilt in the fields' own order: the history compares the stored and the edited texts as JSON.
  const out = { ...input, translations: translationsOf(input.translations) };
  for (const key of OPTION_HTML_FIELDS) {
    out[key] = sanitizeHtml(input[key]);
    for (const lang of TRANSLATED_LANGS) out.translations[lang][key] = sanitizeHtml(input.translations[lang][key]);
  }
  return out;
}

/** Creating and editing an option take the same input and answer with the option as the console edits it. */
type OptionWrite = (
  ctx: AppContext,
  staff: StaffPrincipal,
  opcd: string,
  input: OptionFields,
) => Promise<AdminOptionRecord>;

/** A new option starts as a draft: nothing public sees it until it is published. */
export const createOption: OptionWrite = (ctx, staff, opcd, edited) => {
  const input = withSafeHtml(edited);
  return changeOption(ctx, opcd, input, async (tx) => {
    const inserted = await tx
      .insert(options)
      .values({ opcd, ...columnsOf(input), published: false })
      .onConflictDoNothing()
      .returning({ opcd: options.opcd });
    if (inserted.length === 0) throw AppError.conflict(ErrCd.generic, CatalogMsg.catalogOpcdTaken);
    await writeKeywords(tx, opcd, input.keycds);
    await recordCatalogEvent(tx, ctx, staff, opcd, 'option.created', null, { ...input, published: false });
  });
};

export const updateOption: OptionWrite = (ctx, staff, opcd, edited) => {
  const input = withSafeHtml(edited);
  return changeOption(ctx, opcd, input, async (tx) => {
    await lockUsesForOption(tx, input.facilityId);
    const row = await lockedOption(tx, opcd);
    // Stored HTML the allow-list writes differently (an older row, the demo seed's `&`) is the same text: only
    // what staff changed is a change.
    const before = withSafeHtml(fieldsOf(row, await keywordsOf(tx, opcd)));
    const { was, now } = changes(before, input);
    if (Object.keys(now).length === 0) return;
    // An option of a facility uses only its facility's resources (ADR 0209).
    if (input.facilityId !== row.facilityId) await refuseOptionFacility(tx, opcd, input.facilityId);
    await tx.update(options).set(columnsOf(input)).where(eq(options.opcd, opcd));
    if ('keycds' in now) await writeKeywords(tx, opcd, input.keycds);
    await recordCatalogEvent(tx, ctx, staff, opcd, 'option.updated', was, now);
  });
};

export async function setPublished(
  ctx: AppContext,
  staff: StaffPrincipal,
  opcd: string,
  published: boolean,
): Promise<AdminOptionRecord> {
  return changeOption(ctx, opcd, null, async (tx) => {
    const row = await lockedOption(tx, opcd);
    if (row.published === published) return;
    await tx.update(options).set({ published }).where(eq(options.opcd, opcd));
    const kind = published ? 'option.published' : 'option.unpublished';
    await recordCatalogEvent(tx, ctx, staff, opcd, kind, { published: row.published }, { published });
  });
}

export async function catalogMasters(ctx: AppContext): Promise<CatalogMasters> {
  const db = ctx.db;
  const [regionRows, areaRows, cityRows, keywordRows, facilityRows] = await Promise.all([
    db
      .select({ homencd: regions.homencd, homennm: regions.homennm })
      .from(regions)
      .orderBy(asc(regions.sort), asc(regions.homencd)),
    db
      .select({ areacd: areas.areacd, areanm: areas.areanm, homencd: areas.homencd })
      .from(areas)
      .orderBy(asc(areas.sort), asc(areas.areacd)),
    db
      .select({ citycd: cities.citycd, citynm: cities.citynm, areacd: cities.areacd })
      .from(cities)
      .orderBy(asc(cities.sort), asc(cities.citycd)),
    db
      .select({ keycd: keywords.keycd, keyname: keywords.keyname })
      .from(keywords)
      .orderBy(asc(keywords.sort), asc(keywords.keycd)),
    db.select({ id: facilities.id, name: facilities.name }).from(facilities).orderBy(asc(facilities.id)),
  ]);
  return { regions: regionRows, areas: areaRows, cities: cityRows, keywords: keywordRows, facilities: facilityRows };
}
