/**
 * The HTML texts of a demo option (introduction, contents, precautions, guide, cancellation note), in Japanese
 * and, for the English pages, in English: the same structure from one set of words per language.
 */
import type { WrittenLang } from '@tabi/contract/i18n';
import type { CancelTier } from '../db/schema.ts';
import type { AgePreset, OptionSeed } from './catalog-data.ts';
import type { OptionSeedEn } from './catalog-data-en.ts';

/** DESIGN §5: the standard Japanese terms for organised tours, as day tiers. */
export const DEFAULT_CANCEL_POLICY: CancelTier[] = [
  { daysBefore: 20, percent: 20 },
  { daysBefore: 7, percent: 30 },
  { daysBefore: 1, percent: 40 },
  { daysBefore: 0, percent: 50 },
  { daysBefore: -1, percent: 100 },
];

type Rows = [string, string][];

/** The words every demo option's texts are made of, per language. */
const WORDS = {
  ja: {
    schedule: '行程表',
    scheduleHead: ['時間', '行程'],
    scheduleNote: '※交通事情により行程・時間が前後する場合があります。',
    flow: 'ご利用の流れ',
    flowHead: ['ステップ', '内容'],
    points: 'このプランのポイント',
    couponFlow: [
      ['ご利用日当日', 'マイページの「クーポン」からクーポン画面を表示します'],
      ['施設にて', 'スタッフにクーポン画面をご提示ください。スタッフが暗証番号を入力します'],
      ['ご利用後', 'ご利用済みの人数がクーポンに反映されます'],
    ],
    jrFlow: (train: string): Rows => [
      ['ご予約後', 'マイページで発券番号・確認番号をご確認ください'],
      ['乗車当日', '駅の指定席券売機できっぷを受け取ります'],
      ['ご乗車', `${train}にご乗車ください`],
    ],
    ticketFlow: [
      ['ご予約後', '確認メールをお送りします'],
      ['ご利用日当日', 'マイページからチケットを表示します'],
      ['入場・ご利用', '係員にスマートフォンの画面をご提示ください'],
    ],
    rentalFlow: [
      [
        'ご予約後',
        'マイページで各参加者のレンタル内容とサイズをご確認いただけます（サイズの変更はご利用開始日の翌日から承ります）',
      ],
      ['ご利用日当日', 'ショップの受付で予約番号をお伝えください'],
      ['ご返却', '営業終了時間までにショップへご返却ください'],
    ],
    tourFlow: (meetpoint: string | null): Rows => [
      ['集合', meetpoint ?? '現地集合'],
      ['受付', '予約番号とお名前をスタッフにお伝えください'],
      ['体験・観光', 'スタッフ・ガイドがご案内します'],
      ['解散', '集合場所または現地にて解散'],
    ],
    couponNotes: ['クーポンはご利用日当日のみ有効です。', '一度使用したクーポンは取り消しできません。'],
    ticketNotes: ['チケットの再発行はできません。', 'ご利用日の変更はキャンセル後に再度お申し込みください。'],
    rentalNotes: [
      'レンタル品の破損・紛失は実費をご負担いただきます。',
      'サイズは当日の在庫状況により変更となる場合があります。',
    ],
    tourNotes: [
      '集合時間に遅れた場合、お待ちせずに出発いたします。',
      '天候や交通事情により内容を変更または中止する場合があります。',
    ],
    drinkingNote: '<strong>20歳未満の方の飲酒は法律で禁止されています。</strong>',
    requestNote: '<strong>リクエスト商品です。</strong>空き状況を確認のうえ、メールにてご回答いたします。',
    requestPayment:
      '<p>本商品はリクエスト商品です。お申込み後、手配可否を確認のうえ<strong>2営業日以内</strong>にメールでご連絡いたします。手配完了後、マイページからお支払いください。</p>',
    cardPayment:
      '<p>お申込みと同時にクレジットカードでのお支払い手続きへ進みます。決済完了をもってご予約確定となります。</p>',
    information: [
      'お申込みはご利用日の前日17:00まで承ります（空席がある場合に限ります）。',
      '予約確認メールが届かない場合は、迷惑メールフォルダをご確認ください。',
      'ご予約内容はマイページ（予約番号と電話番号でログイン）からご確認いただけます。',
    ],
    cancelIntro: 'お客様のご都合によりご予約を取り消す場合、以下の取消料を申し受けます。',
    cancelHead: ['取消日', '取消料'],
    cancelRows: [
      ['ご利用日の21日前まで', '無料'],
      ['20日前〜8日前', '旅行代金の20%'],
      ['7日前〜2日前', '旅行代金の30%'],
      ['前日', '旅行代金の40%'],
      ['当日', '旅行代金の50%'],
      ['旅行開始後または無連絡不参加', '旅行代金の100%'],
    ],
    cancelOutro: '※キャンセルはマイページから承ります。返金はご利用のクレジットカードへ行います。',
  },
  en: {
    schedule: 'Itinerary',
    scheduleHead: ['Time', 'Itinerary'],
    scheduleNote: 'Times and the order of visits may change with traffic.',
    flow: 'How it works',
    flowHead: ['Step', 'What to do'],
    points: 'Highlights',
    couponFlow: [
      ['On the day', 'Open the coupon from "Coupons" on My Page'],
      ['At the facility', 'Show the coupon screen to the staff, who enter their PIN'],
      ['After use', 'The coupon shows how many people have used it'],
    ],
    jrFlow: (train: string): Rows => [
      ['After booking', 'Find your ticket issue number and confirmation number on My Page'],
      ['On the day', 'Collect your ticket from a reserved-seat ticket machine at the station'],
      ['Boarding', `Board the ${train}`],
    ],
    ticketFlow: [
      ['After booking', 'We send you a confirmation email'],
      ['On the day', 'Open your ticket on My Page'],
      ['Entry', 'Show the screen of your phone to the staff'],
    ],
    rentalFlow: [
      [
        'After booking',
        'See each traveller’s rental items and sizes on My Page (sizes can be changed from the day after the first day of use)',
      ],
      ['On the day', 'Give your booking number at the shop’s counter'],
      ['Return', 'Return the items to the shop before it closes'],
    ],
    tourFlow: (meetpoint: string | null): Rows => [
      ['Meeting', meetpoint ?? 'Meet at the venue'],
      ['Check-in', 'Give your booking number and name to the staff'],
      ['Activity', 'Our staff and guides take you through it'],
      ['End', 'The tour ends at the meeting point or at the venue'],
    ],
    couponNotes: ['The coupon is valid on the day of use only.', 'A coupon once used cannot be undone.'],
    ticketNotes: ['Tickets cannot be reissued.', 'To change the date, please cancel and book again.'],
    rentalNotes: [
      'Damaged or lost rental items are charged at cost.',
      'Sizes may change depending on what is in stock on the day.',
    ],
    tourNotes: [
      'If you are late, the tour leaves without waiting.',
      'The content may change or be cancelled because of weather or traffic.',
    ],
    drinkingNote: '<strong>Drinking alcohol under the age of 20 is prohibited by Japanese law.</strong>',
    requestNote: '<strong>This is a request item.</strong> We check availability and reply to you by email.',
    requestPayment:
      '<p>This is a request item. After you apply, we check whether it can be arranged and email you <strong>within 2 business days</strong>. Once it is arranged, please pay on My Page.</p>',
    cardPayment:
      '<p>After you apply, you go straight on to pay by credit card. Your booking is confirmed once the payment is complete.</p>',
    information: [
      'Bookings are accepted until 17:00 on the day before (while places remain).',
      'If the confirmation email does not arrive, please check your spam folder.',
      'See your booking on My Page (log in with your booking number and phone number).',
    ],
    cancelIntro: 'If you cancel your booking for your own reasons, the following cancellation fees apply.',
    cancelHead: ['When you cancel', 'Cancellation fee'],
    cancelRows: [
      ['Up to 21 days before', 'Free'],
      ['20 to 8 days before', '20% of the price'],
      ['7 to 2 days before', '30% of the price'],
      ['The day before', '40% of the price'],
      ['On the day', '50% of the price'],
      ['After the start, or no-show', '100% of the price'],
    ],
    cancelOutro: 'Cancel on My Page. Refunds are made to the credit card you paid with.',
  },
} satisfies Record<WrittenLang, unknown>;

/** The age classes' note of each preset in English (the Japanese is in AGE_PRESETS). */
export const AGE_NOTES_EN: Record<AgePreset, string> = {
  family: 'Adults: 12 and over / Children: 6–11 / Infants: 0–5 (infants not using a seat are free)',
  adultChild: 'Adults: 12 and over / Children: 3–11 (children aged 2 or under cannot take part)',
  adultOnly: 'For ages 13 and over.',
  adult20: 'As alcohol is served, for ages 20 and over only.',
  ski: 'Adults: 18 and over / Youths: 12–17 / Children: 6–11',
  all4: 'Adults: 18 and over / Youths: 12–17 (high-school students) / Children: 6–11 / Infants: 0–5',
};

/** The option's own words in English, over the Japanese seed: what the English texts are written from. */
export function seedInEnglish(o: OptionSeed, en: OptionSeedEn): OptionSeed {
  return {
    ...o,
    webname: en.webname,
    meetpoint: en.meetpoint ?? o.meetpoint,
    intro: en.intro,
    points: en.points,
    ...(en.schedule ? { schedule: en.schedule } : {}),
    ...(en.notes ? { notes: en.notes } : {}),
    company: { ...o.company, ...en.company },
    ...(o.coupon ? { coupon: { ...o.coupon, companyattention: en.companyattention ?? '' } } : {}),
    ...(o.jr ? { jr: { ...o.jr, ...en.jr } } : {}),
  };
}

function list(items: readonly string[]): string {
  return `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
}

function table(head: readonly [string, string] | readonly string[], rows: readonly (readonly string[])[]): string {
  const body = rows.map(([a, b]) => `<tr><td>${a}</td><td>${b}</td></tr>`).join('');
  return `<table><thead><tr><th>${head[0]}</th><th>${head[1]}</th></tr></thead><tbody>${body}</tbody></table>`;
}

function flow(o: OptionSeed, lang: WrittenLang): readonly (readonly string[])[] {
  const w = WORDS[lang];
  if (o.coupon) return w.couponFlow;
  if (o.exCd === 3) return w.jrFlow(o.jr?.serviceno ?? '');
  if (o.exCd === 1 || o.exCd === 2) return w.ticketFlow;
  if (o.rentalcd) return w.rentalFlow;
  return w.tourFlow(o.meetpoint);
}

export function introductionHtml(o: OptionSeed): string {
  return `<p>${o.intro}</p>`;
}

export function contentsHtml(o: OptionSeed, lang: WrittenLang = 'ja'): string {
  const w = WORDS[lang];
  const schedule = o.schedule
    ? `<p><strong>${w.schedule}</strong></p>${table(w.scheduleHead, o.schedule)}<p>${w.scheduleNote}</p>`
    : `<p><strong>${w.flow}</strong></p>${table(w.flowHead, flow(o, lang))}`;
  return `<p>${o.intro.replace(/<\/?strong>/g, '')}</p><p><strong>${w.points}</strong></p>${list(o.points)}${schedule}`;
}

export function attentionHtml(o: OptionSeed, lang: WrittenLang = 'ja'): string {
  const w = WORDS[lang];
  const notes: string[] = [...(o.notes ?? [])];
  if (o.coupon) notes.push(...w.couponNotes);
  else if (o.exCd) notes.push(...w.ticketNotes);
  else if (o.rentalcd) notes.push(...w.rentalNotes);
  else notes.push(...w.tourNotes);
  if (o.ages === 'adult20') notes.push(w.drinkingNote);
  if (o.request) notes.push(w.requestNote);
  return list(notes);
}

export function informationHtml(o: OptionSeed, lang: WrittenLang = 'ja'): string {
  const w = WORDS[lang];
  return `${o.request ? w.requestPayment : w.cardPayment}${list(w.information)}`;
}

export function cancelNoteHtml(lang: WrittenLang = 'ja'): string {
  const w = WORDS[lang];
  return `<p>${w.cancelIntro}</p>${table(w.cancelHead, w.cancelRows)}<p>${w.cancelOutro}</p>`;
}
