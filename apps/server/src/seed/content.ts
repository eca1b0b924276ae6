/** The HTML texts of a demo option (introduction, contents, precautions, guide, cancellation note). */
import type { CancelTier } from '../db/schema.ts';
import type { OptionSeed } from './catalog-data.ts';

/** DESIGN §5: the standard Japanese terms for organised tours, as day tiers. */
export const DEFAULT_CANCEL_POLICY: CancelTier[] = [
  { daysBefore: 20, percent: 20 },
  { daysBefore: 7, percent: 30 },
  { daysBefore: 1, percent: 40 },
  { daysBefore: 0, percent: 50 },
  { daysBefore: -1, percent: 100 },
];

function list(items: string[]): string {
  return `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
}

function table(head: [string, string], rows: [string, string][]): string {
  const body = rows.map(([a, b]) => `<tr><td>${a}</td><td>${b}</td></tr>`).join('');
  return `<table><thead><tr><th>${head[0]}</th><th>${head[1]}</th></tr></thead><tbody>${body}</tbody></table>`;
}

function flow(o: OptionSeed): [string, string][] {
  if (o.coupon) {
    return [
      ['ご利用日当日', 'マイページの「クーポン」からクーポン画面を表示します'],
      ['施設にて', 'スタッフにクーポン画面をご提示ください。スタッフが暗証番号を入力します'],
      ['ご利用後', 'ご利用済みの人数がクーポンに反映されます'],
    ];
  }
  if (o.exCd === 3) {
    return [
      ['ご予約後', 'マイページで発券番号・確認番号をご確認ください'],
      ['乗車当日', '駅の指定席券売機できっぷを受け取ります'],
      ['ご乗車', `${o.jr?.serviceno ?? ''}にご乗車ください`],
    ];
  }
  if (o.exCd === 1 || o.exCd === 2) {
    return [
      ['ご予約後', '確認メールをお送りします'],
      ['ご利用日当日', 'マイページからチケットを表示します'],
      ['入場・ご利用', '係員にスマートフォンの画面をご提示ください'],
    ];
  }
  if (o.rentalcd) {
    return [
      [
        'ご予約後',
        'マイページで各参加者のレンタル内容とサイズをご確認いただけます（サイズの変更はご利用開始日の翌日から承ります）',
      ],
      ['ご利用日当日', 'ショップの受付で予約番号をお伝えください'],
      ['ご返却', '営業終了時間までにショップへご返却ください'],
    ];
  }
  return [
    ['集合', o.meetpoint ?? '現地集合'],
    ['受付', '予約番号とお名前をスタッフにお伝えください'],
    ['体験・観光', 'スタッフ・ガイドがご案内します'],
    ['解散', '集合場所または現地にて解散'],
  ];
}

export function introductionHtml(o: OptionSeed): string {
  return `<p>${o.intro}</p>`;
}

export function contentsHtml(o: OptionSeed): string {
  const schedule = o.schedule
    ? `<p><strong>行程表</strong></p>${table(['時間', '行程'], o.schedule)}<p>※交通事情により行程・時間が前後する場合があります。</p>`
    : `<p><strong>ご利用の流れ</strong></p>${table(['ステップ', '内容'], flow(o))}`;
  return `<p>${o.intro.replace(/<\/?strong>/g, '')}</p><p><strong>このプランのポイント</strong></p>${list(o.points)}${schedule}`;
}

export function attentionHtml(o: OptionSeed): string {
  const notes: string[] = [...(o.notes ?? [])];
  if (o.coupon) {
    notes.push('クーポンはご利用日当日のみ有効です。', '一度使用したクーポンは取り消しできません。');
  } else if (o.exCd) {
    notes.push('チケットの再発行はできません。', 'ご利用日の変更はキャンセル後に再度お申し込みください。');
  } else if (o.rentalcd) {
    notes.push(
      'レンタル品の破損・紛失は実費をご負担いただきます。',
      'サイズは当日の在庫状況により変更となる場合があります。',
    );
  } else {
    notes.push(
      '集合時間に遅れた場合、お待ちせずに出発いたします。',
      '天候や交通事情により内容を変更または中止する場合があります。',
    );
  }
  if (o.ages === 'adult20') notes.push('<strong>20歳未満の方の飲酒は法律で禁止されています。</strong>');
  if (o.request) notes.push('<strong>リクエスト商品です。</strong>空き状況を確認のうえ、メールにてご回答いたします。');
  return list(notes);
}

export function informationHtml(o: OptionSeed): string {
  const payment = o.request
    ? '<p>本商品はリクエスト商品です。お申込み後、手配可否を確認のうえ<strong>2営業日以内</strong>にメールでご連絡いたします。手配完了後、マイページからお支払いください。</p>'
    : '<p>お申込みと同時にクレジットカードでのお支払い手続きへ進みます。決済完了をもってご予約確定となります。</p>';
  return `${payment}${list([
    'お申込みはご利用日の前日17:00まで承ります（空席がある場合に限ります）。',
    '予約確認メールが届かない場合は、迷惑メールフォルダをご確認ください。',
    'ご予約内容はマイページ（予約番号と電話番号でログイン）からご確認いただけます。',
  ])}`;
}

export function cancelNoteHtml(): string {
  return `<p>お客様のご都合によりご予約を取り消す場合、以下の取消料を申し受けます。</p>${table(
    ['取消日', '取消料'],
    [
      ['ご利用日の21日前まで', '無料'],
      ['20日前〜8日前', '旅行代金の20%'],
      ['7日前〜2日前', '旅行代金の30%'],
      ['前日', '旅行代金の40%'],
      ['当日', '旅行代金の50%'],
      ['旅行開始後または無連絡不参加', '旅行代金の100%'],
    ],
  )}<p>※キャンセルはマイページから承ります。返金はご利用のクレジットカードへ行います。</p>`;
}
