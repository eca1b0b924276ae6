/**
 * The HTML texts of a demo option (introduction, contents, precautions, guide, cancellation note), in each of the
 * site's languages: the same structure from one set of words per language.
 */
import { STANDARD_CANCEL_POLICY } from '@tabi/contract/cancel-policy';
import type { Lang } from '@tabi/contract/i18n';
import type { CancelTier } from '../db/schema.ts';
import type { AgePreset, OptionSeed } from './catalog-data.ts';
import type { OptionSeedEn } from './catalog-data-en.ts';

/** DESIGN §5: the standard Japanese terms for organised tours, as day tiers (the contract's). */
export const DEFAULT_CANCEL_POLICY: CancelTier[] = STANDARD_CANCEL_POLICY.map((tier) => ({ ...tier }));

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
  ko: {
    schedule: '일정표',
    scheduleHead: ['시간', '일정'],
    scheduleNote: '※ 교통 상황에 따라 일정 및 시간이 변경될 수 있습니다.',
    flow: '이용 방법',
    flowHead: ['단계', '내용'],
    points: '이 상품의 포인트',
    couponFlow: [
      ['이용 당일', '마이페이지의 ‘쿠폰’에서 쿠폰 화면을 열어 주세요'],
      ['시설에서', '직원에게 쿠폰 화면을 보여 주세요. 직원이 PIN 번호를 입력합니다'],
      ['이용 후', '이용하신 인원이 쿠폰에 반영됩니다'],
    ],
    jrFlow: (train: string): Rows => [
      ['예약 후', '마이페이지에서 발권 번호와 확인 번호를 확인해 주세요'],
      ['승차 당일', '역에 있는 지정석 발매기에서 승차권을 받아 주세요'],
      ['승차', `${train}에 승차해 주세요`],
    ],
    ticketFlow: [
      ['예약 후', '확인 이메일을 보내 드립니다'],
      ['이용 당일', '마이페이지에서 티켓을 표시해 주세요'],
      ['입장·이용', '직원에게 스마트폰 화면을 보여 주세요'],
    ],
    rentalFlow: [
      [
        '예약 후',
        '마이페이지에서 참가자별 렌탈 내용과 사이즈를 확인하실 수 있습니다(사이즈 변경은 이용 시작일 다음 날부터 가능합니다)',
      ],
      ['이용 당일', '매장 접수처에서 예약 번호를 알려 주세요'],
      ['반납', '영업 종료 시간까지 매장에 반납해 주세요'],
    ],
    tourFlow: (meetpoint: string | null): Rows => [
      ['집합', meetpoint ?? '현지 집합'],
      ['접수', '직원에게 예약 번호와 성함을 알려 주세요'],
      ['체험·관광', '직원과 가이드가 안내해 드립니다'],
      ['해산', '집합 장소 또는 현지에서 해산합니다'],
    ],
    couponNotes: ['쿠폰은 이용 당일에만 유효합니다.', '한 번 사용한 쿠폰은 취소할 수 없습니다.'],
    ticketNotes: ['티켓은 재발행되지 않습니다.', '이용일을 변경하시려면 취소 후 다시 예약해 주세요.'],
    rentalNotes: [
      '렌탈 용품을 파손·분실하신 경우 실비를 부담하셔야 합니다.',
      '사이즈는 당일 재고 상황에 따라 변경될 수 있습니다.',
    ],
    tourNotes: [
      '집합 시간에 늦으시면 기다리지 않고 출발합니다.',
      '날씨나 교통 상황에 따라 내용이 변경되거나 취소될 수 있습니다.',
    ],
    drinkingNote: '<strong>일본 법률에 따라 20세 미만의 음주는 금지되어 있습니다.</strong>',
    requestNote: '<strong>요청 예약 상품입니다.</strong> 예약 가능 여부를 확인한 후 이메일로 안내해 드립니다.',
    requestPayment:
      '<p>이 상품은 요청 예약 상품입니다. 신청 후 수배 가능 여부를 확인하여 <strong>2영업일 이내</strong>에 이메일로 연락드립니다. 수배가 완료되면 마이페이지에서 결제해 주세요.</p>',
    cardPayment: '<p>신청과 동시에 신용카드 결제 절차로 진행됩니다. 결제가 완료되면 예약이 확정됩니다.</p>',
    information: [
      '예약은 이용일 전날 17:00까지 가능합니다(잔여석이 있는 경우에 한함).',
      '예약 확인 이메일이 도착하지 않은 경우 스팸 메일함을 확인해 주세요.',
      '예약 내용은 마이페이지(예약 번호와 전화번호로 로그인)에서 확인하실 수 있습니다.',
    ],
    cancelIntro: '고객님의 사정으로 예약을 취소하시는 경우 아래의 취소 수수료가 부과됩니다.',
    cancelHead: ['취소일', '취소 수수료'],
    cancelRows: [
      ['이용일 21일 전까지', '무료'],
      ['20일 전~8일 전', '여행 요금의 20%'],
      ['7일 전~2일 전', '여행 요금의 30%'],
      ['전날', '여행 요금의 40%'],
      ['당일', '여행 요금의 50%'],
      ['여행 시작 후 또는 연락 없이 불참', '여행 요금의 100%'],
    ],
    cancelOutro: '※ 취소는 마이페이지에서 하실 수 있습니다. 환불은 결제하신 신용카드로 진행됩니다.',
  },
  'zh-Hant': {
    schedule: '行程表',
    scheduleHead: ['時間', '行程'],
    scheduleNote: '※ 行程及時間可能因交通狀況而有所調整。',
    flow: '使用流程',
    flowHead: ['步驟', '內容'],
    points: '商品特色',
    couponFlow: [
      ['使用當天', '從「我的預訂」的「電子憑證」開啟電子憑證畫面'],
      ['抵達設施後', '請向工作人員出示電子憑證畫面，由工作人員輸入PIN碼'],
      ['使用後', '電子憑證上將顯示已使用的人數'],
    ],
    jrFlow: (train: string): Rows => [
      ['預訂後', '請至「我的預訂」確認取票編號及確認編號'],
      ['搭乘當天', '請於車站的指定席售票機領取車票'],
      ['搭乘', `請搭乘${train}`],
    ],
    ticketFlow: [
      ['預訂後', '我們將寄送確認信給您'],
      ['使用當天', '請從「我的預訂」顯示票券'],
      ['入場及使用', '請向工作人員出示手機畫面'],
    ],
    rentalFlow: [
      ['預訂後', '可於「我的預訂」查看每位旅客的租借內容及尺寸（尺寸可自使用開始日的隔天起變更）'],
      ['使用當天', '請於店鋪櫃檯告知預訂編號'],
      ['歸還', '請於營業結束前將租借用品歸還至店鋪'],
    ],
    tourFlow: (meetpoint: string | null): Rows => [
      ['集合', meetpoint ?? '當地集合'],
      ['報到', '請向工作人員告知預訂編號及姓名'],
      ['體驗及觀光', '由工作人員及導遊為您帶領'],
      ['解散', '於集合地點或當地解散'],
    ],
    couponNotes: ['電子憑證僅限使用當天有效。', '電子憑證一經使用即無法取消。'],
    ticketNotes: ['票券恕不補發。', '如需變更使用日期，請取消後重新預訂。'],
    rentalNotes: ['租借用品如有損壞或遺失，須依實際費用賠償。', '尺寸可能依當天庫存狀況而有所變更。'],
    tourNotes: ['若未於集合時間抵達，將不予等候，準時出發。', '行程內容可能因天候或交通狀況而變更或取消。'],
    drinkingNote: '<strong>依日本法律規定，未滿20歲者禁止飲酒。</strong>',
    requestNote: '<strong>此為需確認商品。</strong>我們確認名額後，將以電子郵件回覆您。',
    requestPayment:
      '<p>此為需確認商品。申請後我們將確認能否安排，並於<strong>2個工作天內</strong>以電子郵件通知您。安排完成後，請至「我的預訂」付款。</p>',
    cardPayment: '<p>提交申請後，將直接進入信用卡付款程序。付款完成即確認預訂。</p>',
    information: [
      '最晚可於使用日前一天17:00前預訂（以尚有名額為限）。',
      '若未收到預訂確認信，請檢查垃圾郵件資料夾。',
      '可於「我的預訂」（以預訂編號及電話號碼登入）查看預訂內容。',
    ],
    cancelIntro: '因旅客個人因素取消預訂時，將收取以下取消費用。',
    cancelHead: ['取消日', '取消費用'],
    cancelRows: [
      ['使用日前21天為止', '免費'],
      ['使用日前20～8天', '旅遊費用的20%'],
      ['使用日前7～2天', '旅遊費用的30%'],
      ['使用日前一天', '旅遊費用的40%'],
      ['使用日當天', '旅遊費用的50%'],
      ['旅行開始後或無故未到', '旅遊費用的100%'],
    ],
    cancelOutro: '※ 可於「我的預訂」辦理取消。款項將退回至您付款時使用的信用卡。',
  },
  'zh-Hans': {
    schedule: '行程表',
    scheduleHead: ['时间', '行程'],
    scheduleNote: '※ 行程及时间可能因交通状况而有所调整。',
    flow: '使用流程',
    flowHead: ['步骤', '内容'],
    points: '产品亮点',
    couponFlow: [
      ['使用当天', '在“我的预订”的“电子凭证”中打开电子凭证页面'],
      ['到达设施后', '请向工作人员出示电子凭证页面，由工作人员输入PIN码'],
      ['使用后', '电子凭证上将显示已使用的人数'],
    ],
    jrFlow: (train: string): Rows => [
      ['预订后', '请在“我的预订”中查看取票编号和确认编号'],
      ['乘车当天', '请在车站的指定席售票机领取车票'],
      ['乘车', `请乘坐${train}`],
    ],
    ticketFlow: [
      ['预订后', '我们将向您发送确认邮件'],
      ['使用当天', '请在“我的预订”中显示电子票'],
      ['入场及使用', '请向工作人员出示手机屏幕'],
    ],
    rentalFlow: [
      ['预订后', '可在“我的预订”中查看每位出行人的租赁内容和尺码（尺码可自使用开始日的次日起更改）'],
      ['使用当天', '请在店铺前台告知预订编号'],
      ['归还', '请在营业结束前将租赁装备归还至店铺'],
    ],
    tourFlow: (meetpoint: string | null): Rows => [
      ['集合', meetpoint ?? '当地集合'],
      ['签到', '请向工作人员告知预订编号和姓名'],
      ['体验及观光', '由工作人员和导游为您带领'],
      ['解散', '在集合地点或当地解散'],
    ],
    couponNotes: ['电子凭证仅限使用当天有效。', '电子凭证一经使用，无法撤销。'],
    ticketNotes: ['票券不予补发。', '如需更改使用日期，请取消后重新预订。'],
    rentalNotes: ['租赁装备如有损坏或丢失，需按实际费用赔偿。', '尺码可能因当天库存情况而有所调整。'],
    tourNotes: ['如未按集合时间到达，将不予等候，按时出发。', '行程内容可能因天气或交通状况而变更或取消。'],
    drinkingNote: '<strong>根据日本法律，未满20岁者禁止饮酒。</strong>',
    requestNote: '<strong>本产品需确认。</strong>我们确认余位情况后，将通过邮件回复您。',
    requestPayment:
      '<p>本产品需确认。提交申请后，我们将确认能否安排，并在<strong>2个工作日内</strong>通过邮件通知您。安排完成后，请在“我的预订”中支付。</p>',
    cardPayment: '<p>提交申请后，将直接进入信用卡支付流程。支付完成后，预订即告确认。</p>',
    information: [
      '最晚可在使用日前一天17:00前预订（仅限尚有余位时）。',
      '如未收到预订确认邮件，请检查垃圾邮件文件夹。',
      '可在“我的预订”（使用预订编号和电话号码登录）中查看预订信息。',
    ],
    cancelIntro: '因个人原因取消预订时，将收取以下取消费用。',
    cancelHead: ['取消日期', '取消费用'],
    cancelRows: [
      ['使用日前21天为止', '免费'],
      ['使用日前20～8天', '旅行费用的20%'],
      ['使用日前7～2天', '旅行费用的30%'],
      ['使用日前一天', '旅行费用的40%'],
      ['使用当天', '旅行费用的50%'],
      ['旅行开始后或无故未到', '旅行费用的100%'],
    ],
    cancelOutro: '※ 可在“我的预订”中办理取消。款项将退回至您支付时使用的信用卡。',
  },
} satisfies Record<Lang, unknown>;

/** The age classes' note of each preset in the languages other than Japanese (the Japanese is in AGE_PRESETS). */
export const AGE_NOTES: Record<Exclude<Lang, 'ja'>, Record<AgePreset, string>> = {
  en: {
    family: 'Adults: 12 and over / Children: 6–11 / Infants: 0–5 (infants not using a seat are free)',
    adultChild: 'Adults: 12 and over / Children: 3–11 (children aged 2 or under cannot take part)',
    adultOnly: 'For ages 13 and over.',
    adult20: 'As alcohol is served, for ages 20 and over only.',
    ski: 'Adults: 18 and over / Youths: 12–17 / Children: 6–11',
    all4: 'Adults: 18 and over / Youths: 12–17 (high-school students) / Children: 6–11 / Infants: 0–5',
  },
  ko: {
    family: '성인: 12세 이상 / 어린이: 6~11세 / 유아: 0~5세 (좌석을 사용하지 않는 유아는 무료입니다)',
    adultChild: '성인: 12세 이상 / 어린이: 3~11세 (2세 이하 어린이는 참가하실 수 없습니다)',
    adultOnly: '13세 이상인 분만 참가하실 수 있습니다.',
    adult20: '음주가 포함되어 있어 20세 이상인 분만 참가하실 수 있습니다.',
    ski: '성인: 18세 이상 / 청소년: 12~17세 / 어린이: 6~11세',
    all4: '성인: 18세 이상 / 청소년: 12~17세 (고등학생) / 어린이: 6~11세 / 유아: 0~5세',
  },
  'zh-Hant': {
    family: '成人：12歲以上／兒童：6～11歲／幼兒：0～5歲（不佔用座位的幼兒免費）',
    adultChild: '成人：12歲以上／兒童：3～11歲（2歲以下兒童無法參加）',
    adultOnly: '限13歲以上參加。',
    adult20: '因行程包含飲酒，僅限20歲以上參加。',
    ski: '成人：18歲以上／青少年：12～17歲／兒童：6～11歲',
    all4: '成人：18歲以上／青少年：12～17歲（高中生）／兒童：6～11歲／幼兒：0～5歲',
  },
  'zh-Hans': {
    family: '成人：12岁以上／儿童：6～11岁／幼儿：0～5岁（不占座位的幼儿免费）',
    adultChild: '成人：12岁以上／儿童：3～11岁（2岁及以下儿童不可参加）',
    adultOnly: '限13岁及以上参加。',
    adult20: '因含饮酒环节，仅限20岁及以上参加。',
    ski: '成人：18岁以上／青少年：12～17岁／儿童：6～11岁',
    all4: '成人：18岁以上／青少年：12～17岁（高中生）／儿童：6～11岁／幼儿：0～5岁',
  },
};

/** An option seed with its texts in another language (the shape every translated catalog shares). */
export function seedInLang(o: OptionSeed, en: OptionSeedEn): OptionSeed {
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

function flow(o: OptionSeed, lang: Lang): readonly (readonly string[])[] {
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

export function contentsHtml(o: OptionSeed, lang: Lang = 'ja'): string {
  const w = WORDS[lang];
  const schedule = o.schedule
    ? `<p><strong>${w.schedule}</strong></p>${table(w.scheduleHead, o.schedule)}<p>${w.scheduleNote}</p>`
    : `<p><strong>${w.flow}</strong></p>${table(w.flowHead, flow(o, lang))}`;
  return `<p>${o.intro.replace(/<\/?strong>/g, '')}</p><p><strong>${w.points}</strong></p>${list(o.points)}${schedule}`;
}

export function attentionHtml(o: OptionSeed, lang: Lang = 'ja'): string {
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

export function informationHtml(o: OptionSeed, lang: Lang = 'ja'): string {
  const w = WORDS[lang];
  return `${o.request ? w.requestPayment : w.cardPayment}${list(w.information)}`;
}

export function cancelNoteHtml(lang: Lang = 'ja'): string {
  const w = WORDS[lang];
  return `<p>${w.cancelIntro}</p>${table(w.cancelHead, w.cancelRows)}<p>${w.cancelOutro}</p>`;
}
