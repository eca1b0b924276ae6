/**
 * An option whose every text and HTML field carries script and event-handler payloads, and a paid
 * booking of it, so that the browser tests can show that none of them runs. The option sits
 * in 石垣市 with a high sort value: after every demo option in the list, and in a city no other test uses.
 */
import { normalisePhone } from '@tabi/contract/booking-rules';
import { addDays, ymdToIsoDate } from '@tabi/contract/dates';
import { sql } from 'drizzle-orm';
import { type Clock, todayIn } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { bookingMembers, bookingOptions, bookings, departures, optionImages, options, payments } from '../db/schema.ts';
import { storedColumns } from '../modules/booking/lifecycle.ts';
import { DEFAULT_CANCEL_POLICY } from '../seed/content.ts';

export const XSS_OPCD = 'OPXSS1';
export const XSS_RSVNO = 'XS000001';
export const XSS_TEL = '090-1234-5678';
export const XSS_PLACE = { homencd: '07', areacd: '0704', citycd: '070401' } as const;
const ADULT_PRICE = 5000;
const CHILD_PRICE = 2500;

/** Each one sets window.__xss (or parent.__xss) if it ever runs. */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<a href="javascript:window.__xss=1">javascriptリンク</a>',
  '<svg onload="window.__xss=1"><circle r="1"></circle></svg>',
  '<iframe srcdoc="&lt;script&gt;parent.__xss=1&lt;/script&gt;"></iframe>',
  '<details open ontoggle="window.__xss=1"><summary>詳細</summary></details>',
  '<input autofocus onfocus="window.__xss=1">',
  '<form action="javascript:window.__xss=1"><button>送信</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1"></style></mglyph></table></mtext></math>',
  '<object data="javascript:window.__xss=1"></object>',
  '<embed src="javascript:window.__xss=1">',
  '<base href="javascript:window.__xss=1//">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<div style="background-image:url(javascript:window.__xss=1)">style</div>',
  '"><script>window.__xss=1</script>',
  "'><img src=x onerror=window.__xss=1>",
];

/** A marker that must stay visible as text: the payloads are removed, not the field. */
export function xssHtml(field: string): string {
  return `<p>XSS検証（${field}）</p>${XSS_PAYLOADS.join('')}`;
}

/** Plain-text fields get one payload each: they must be shown as the literal text. */
export const XSS_TEXT = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';

/** Adds the option, 120 days of stock and the booking; does nothing when they exist. */
export async function addXssFixture(db: Db, clock: Clock): Promise<void> {
  const today = todayIn(clock);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(options)
      .values({
        opcd: XSS_OPCD,
        webname: `XSS検証オプション ${XSS_TEXT}`,
        introduction: xssHtml('introduction'),
        contents: xssHtml('contents'),
        optionattention: xssHtml('optionattention'),
        information: xssHtml('information'),
        cancelNote: xssHtml('cancel_note'),
        ageNote: xssHtml('age_note'),
        ...XSS_PLACE,
        fromspotcd: null,
        meetpoint: `集合場所 ${XSS_TEXT}`,
        useFrom: ymdToIsoDate(today),
        useTo: ymdToIsoDate(addDays(today, 364)),
        companyname: `検証観光 ${XSS_TEXT}`,
        companyattention: xssHtml('companyattention'),
        hours: `9:00〜17:00 ${XSS_TEXT}`,
        address: `沖縄県石垣市 ${XSS_TEXT}`,
        tel: '0980-00-0000',
        lat: null,
        lon: null,
        adultAgeMin: 12,
        childAgeMin: 6,
        childAgeMax: 11,
        minPeople: 1,
        maxPeople: 4,
        cancelPolicy: DEFAULT_CANCEL_POLICY,
        sort: 999_999,
      })
      .onConflictDoNothing()
      .returning({ opcd: options.opcd });
    if (inserted.length === 0) return;

    await tx.insert(optionImages).values([
      { opcd: XSS_OPCD, seq: 1, image: `/images/${XSS_OPCD}-1.svg`, caption: `写真1 ${XSS_TEXT}` },
      { opcd: XSS_OPCD, seq: 2, image: `/images/${XSS_OPCD}-2.svg`, caption: `写真2 ${XSS_TEXT}` },
    ]);
    const days = Array.from({ length: 120 }, (_, i) => addDays(today, i));
    await tx.insert(departures).values(
      days.map((day) => ({
        opcd: XSS_OPCD,
        usedate: ymdToIsoDate(day),
        zaikozan: 20,
        adultbaika: ADULT_PRICE,
        middlebaika: 0,
        childbaika: CHILD_PRICE,
        infantbaika: 0,
      })),
    );

    const usedate = ymdToIsoDate(addDays(today, 5));
    await tx.insert(bookings).values({
      rsvno: XSS_RSVNO,
      pkcd: 'X',
      ...storedColumns('paid'),
      rsvdate: new Date(now.getTime() - 86_400_000),
      fromdate: usedate,
      todate: usedate,
      sei: '<img src=x onerror=window.__xss=1>',
      mei: '<script>window.__xss=1</script>',
      tel: XSS_TEL,
      telNormalized: normalisePhone(XSS_TEL),
      mail: 'xss@example.jp',
      amountjp: ADULT_PRICE,
      meetpoint: `集合場所 ${XSS_TEXT}`,
      cancelPolicy: DEFAULT_CANCEL_POLICY,
      createdAt: now,
    });
    await tx.insert(bookingOptions).values({
      rsvno: XSS_RSVNO,
      pkcd: 'X',
      opcd: XSS_OPCD,
      usedate,
      adultqty: 1,
      adultbaika: ADULT_PRICE,
      childbaika: CHILD_PRICE,
      seats: 1,
    });
    await tx.insert(bookingMembers).values({
      rsvno: XSS_RSVNO,
      seq: 1,
      sei: '<svg onload=window.__xss=1>',
      mei: '<img src=x onerror=window.__xss=1>',
      birthday: '1985-04-12',
      sex: '1',
      ageclass: '1',
      nationalityId: 1,
      extended: {},
    });
    await tx.insert(payments).values({
      rsvno: XSS_RSVNO,
      provider: 'sandbox',
      checkoutSessionId: `cs_sandbox_xss_${XSS_RSVNO}`,
      amount: ADULT_PRICE,
      status: 'paid',
      chargeId: `ch_sandbox_xss_${XSS_RSVNO}`,
      createdAt: now,
      paidAt: now,
    });
    await tx.execute(
      sql`update departures set zaikozan = zaikozan - 1 where opcd = ${XSS_OPCD} and usedate = ${usedate}`,
    );
  });
}
