/** Every Japanese string SPEC quotes, once. Tests import them from here. */
export const Msg = {
  allRegions: 'すべての地域',
  areaHint: '方面を設定すると選択できます。',
  cityHint: '地域を設定すると選択できます。',
  allFromspots: 'すべての出発地',
  search: '検索する',
  resetSearch: '検索条件をすべてリセット',
  requestBadge: 'リクエスト商品',
  perAdult: '大人１名様あたり',
  localMeeting: '現地集合',
  detailLink: '詳細を見る',
  optionListTitle: 'オプション一覧',
  close: '閉じる',
  invalidDate: '有効な日付を設定してください',
  invalidEmail: '有効なメールアドレスを入力してください',
  selectDate: '日付を選択してください。',
  selectStartTime: '開始時刻を選択してください。',
  overStock: '設定した値が残数を超えています。',
  needConsent: '同意書に同意いただけない場合、購入できません。',
  unexpected: '予期しないエラーが発生しました。もう一度やり直してください。',
  sessionExpired: '以前のアクションから時間が経っているため、お手数ですが再度予約を実行してください。',
  networkError: 'しばらく時間をおいてからアクセスしてください。',
  csrfExpired: '前のアクションから時間が経っているため、再度ログインしてください。',
  cancelDone: 'キャンセルが完了しました',
  pastDeadline: 'この予約は決済期限を過ぎています',
  notPayable: 'この予約は決済を行うことができません',
  checkoutFailed: '決済画面を開けませんでした',
  noRental: 'このオプションはレンタルが存在しません。',
  paymentDone: '決済が完了しました',
  paymentAborted: '決済を中止しました',
  couponUsed: 'クーポンを使用しました。',
  pinHint: '暗証番号はスタッフが入力致します',
  sameAsLeader: '申込者と同じ',
  leader: '申込者',
  vegetarianWanted: '希望する',
  toRental: 'レンタル入力',
  toCheck: '購入内容確認',
  backToList: '一覧に戻る',
  backToMember: '同行者入力に戻る',
  backToPrevious: '前の入力へ戻る',
  submitRequest: 'リクエスト',
  submitPurchase: '購入（決済）',
  statusPaid: '予約済み',
  statusCanceled: 'キャンセル済み',
  statusUnpaid: '未決済',
  statusTmp: '仮予約（手配済）',
  statusRequested: 'リクエスト予約',
  // Not in SPEC (ADR 0213): a konbini slip issued and not paid yet.
  statusAwaitingKonbini: 'お支払い待ち（コンビニ）',
  // Server-side messages (not quoted by SPEC; natural polite Japanese).
  badRequest: '入力内容に誤りがあります。内容をご確認ください。',
  notFound: 'ご指定のページまたはデータが見つかりません。',
  serverError: 'システムエラーが発生しました。しばらく時間をおいてから再度お試しください。',
  optionNotFound: 'ご指定の商品が見つかりません。',
  noOperationCode: '商品コードが指定されていません。',
  noUseDate: '利用日が指定されていません。',
  noMemberCount: '人数が指定されていません。',
  shortageOfStock: '設定した値が残数を超えています。',
  nothingPrice: 'ご指定の日付には料金が設定されていません。',
  noStock: '申し訳ございません。ご指定の日付は満席となりました。別の日付をお選びください。',
  amountMismatch: '料金が変更されています。お手数ですが最初からやり直してください。',
  loginFailed: '予約番号または電話番号が正しくありません。',
  loginRateLimited: 'ログインの試行回数が上限に達しました。しばらく時間をおいてから再度お試しください。',
  sessionTimeout: 'ログインの有効期限が切れました。再度ログインしてください。',
  forbidden: 'この予約を操作する権限がありません。',
  tooManyRequests: 'アクセスが集中しています。しばらく時間をおいてから再度お試しください。',
  csrfMismatch: '前のアクションから時間が経っているため、再度ログインしてください。',
  bodyTooLarge: '送信されたデータが大きすぎます。',
  headersTooLarge: '送信されたヘッダーが大きすぎます。',
  requestTimeout: '通信がタイムアウトしました。しばらく時間をおいてから再度お試しください。',
  serviceClosing: 'ただいまサーバーを再起動しています。しばらく時間をおいてから再度お試しください。',
  unauthorized: '認証が必要です。',
  controlCharacters: '使用できない制御文字が含まれています。',
  nameRoman:
    "お名前はパスポートと同じローマ字（半角英字）で入力してください。区切りにはスペース・ハイフン（-）・アポストロフィ（'）が使えます。",
  nameInvisibleCharacters: 'お名前に使用できない文字（改行・ゼロ幅スペース・ソフトハイフン）が含まれています。',
  // Catalog (list pagination and search input).
  pagePrevious: '« 前へ',
  pageNext: '次へ »',
  invalidUseDate: '利用日の指定が正しくありません。YYYYMMDD形式の日付を指定してください。',
  // Booking creation, payment and mail (server side of the purchase flow).
  optionNotBookable: 'この商品はお申し込みいただけません。',
  useDateUnavailable: 'ご指定の利用日はお申し込みいただけません。別の日付をお選びください。',
  salesClosed: 'ご指定の日のお申し込み受付は締め切りました。別の日付をお選びください。',
  changeNotAllowed: 'このご予約は日時を変更できません。',
  changeTooLate: 'ご利用日の当日以降は日時を変更できません。',
  changeSameDeparture: '現在のご予約と同じ日時です。別の日時をお選びください。',
  invalidPhone: '電話番号を正しく入力してください。',
  ageClassNotOffered: 'この商品ではお選びいただけない年齢区分が含まれています。',
  memberListInvalid: '参加者の情報が正しくありません。最初からやり直してください。',
  nationalityInvalid: '国籍を正しく選択してください。',
  passportRequired: 'パスポート番号を入力してください。',
  extendedFieldNotAllowed: 'この商品ではお受けできない入力項目が含まれています。',
  rentalNotAllowed: 'この商品ではレンタルをお申し込みいただけません。',
  rentalInvalid: 'レンタルの選択内容が正しくありません。もう一度お選びください。',
  bookingRateLimited: 'お申し込みが短時間に集中しています。しばらく時間をおいてから再度お試しください。',
  bookingNotFound: 'ご指定の予約が見つかりません。',
  bookedLoginExpired: 'お申し込みから時間が経ったため、予約番号と電話番号でログインしてください。',
  checkoutPathInvalid: '決済後の戻り先の指定が正しくありません。',
  refundFailed: '返金処理を行うことができませんでした。お手数ですがお問い合わせください。',
  // My page: cancellation, rental edit and electronic coupons (server side).
  alreadyCanceled: 'このご予約は既にキャンセルされています。',
  cancelInProgress: 'このご予約のキャンセルを手続き中です。しばらく時間をおいてからご確認ください。',
  cancelTooLate: 'ご利用開始日の当日以降は、マイページからキャンセルのお手続きができません。',
  cancelNotAllowed: 'このご予約はマイページからキャンセルのお手続きができません。',
  cancelPriceChanged: 'キャンセル料金が変更されました。お手数ですが、金額をご確認のうえ再度お手続きください。',
  canceledNotEditable: 'キャンセル済みのご予約は変更できません。',
  rentalMembersMismatch: 'レンタル情報が参加者と一致しません。参加者全員分を入力してください。',
  couponNotFound: 'ご指定のクーポンが見つかりません。',
  couponNotUsable: 'このご予約ではクーポンをご利用いただけません。',
  /** A coupon whose facility staff stopped (施設とクーポン): said on the coupon pages before any PIN is typed. */
  couponFacilityStopped: 'この施設では現在クーポンをご利用いただけません。施設のスタッフにお問い合わせください。',
  couponAdultRequired: '大人の利用枚数を1枚以上お選びください。',
  couponOverRemaining: 'ご利用枚数が残り枚数を超えています。',
  couponPinWrong: '暗証番号が正しくありません。',
  requestNotPending: 'この予約は回答待ちのリクエスト予約ではないため、操作できません。',
  // The customer withdraws a request from my page.
  requestAlreadyAnswered:
    'このリクエスト予約はすでに回答済み（手配済み・お断り）またはキャンセル済みのため、取り消しできません。予約確認画面を再読み込みしてご確認ください。',
  requestWithdrawPastUseDate: 'ご利用日を過ぎたため、このリクエスト予約は取り消しできません。',
  requestWithdrawDone: 'リクエストを取り消しました。確認のメールをお送りしました。',
  paymentDeadlineUnavailable: '利用日が近いため、お支払い期限を設定できません。',
  // One booking lifecycle (ADR 0100).
  infantsNeedCompanion: '幼児のみでのお申し込みはできません。大人・中人・小人の方とご一緒にお申し込みください。',
  notCancellable: 'この予約はキャンセルできる状態ではありません。',
  /** A coupon of the booking was used at a facility: what was used is not refunded by a policy's quote. */
  cancelCouponsUsed:
    'クーポンをご利用済みのため、このご予約はマイページからキャンセルできません。お手数ですがお問い合わせください。',
  staffCancelCouponsUsed:
    'このご予約はクーポンが使用済みです。使用分を踏まえてキャンセル料を指定し、理由を入力してキャンセルしてください。',
  /** A traveller was checked in at the door (ADR 0215): the trip was used. */
  cancelCheckedIn:
    'チェックイン済みのため、このご予約はマイページからキャンセルできません。お手数ですがお問い合わせください。',
  staffCancelCheckedIn:
    'このご予約はチェックイン済みです。キャンセル料を指定し、理由を入力してキャンセルしてください。',
  refundPending:
    'キャンセルを受け付けましたが、返金の手続きに時間がかかっております。手続きが完了しましたらメールでお知らせいたします。',
  feeOverrideInvalid: 'キャンセル料は0円以上、ご予約金額以下の整数で入力してください。',
  feeOverrideReasonRequired: 'キャンセル料を変更する場合は、理由を入力してください。',
  rentalNotEditable: 'このご予約のレンタル内容は変更できません。',
  mailNotFound: 'ご指定のメールが見つかりません。',
  mailPurged: 'このメールは保存期間を過ぎて本文が削除されたため、再送できません。',
  mailResendQueued: 'このメールはまだ送信待ちです。送信が済んでから再送してください。',
  mailResentJustNow: 'このメールは1分以内に再送しています。重複して届かないよう、しばらくしてから再送してください。',
  participantsNotEditable: 'キャンセル済みのご予約の参加者は変更できません。',
  // Back from the card checkout, the purchase flow corrects the booking it made.
  bookingPaidNotRevisable:
    'このご予約はお支払いが完了しているため、ここでは内容を変更できません。変更はマイページまたはお問い合わせ窓口からお願いいたします。',
  bookingNotRevisable:
    'このご予約はお支払い期限を過ぎたか取り消されたため、内容を変更できません。お手数ですが最初からご予約ください。',
  bookingPartyNotRevisable:
    'ご予約後に商品・利用日・人数は変更できません。変更する場合は、最初から新しくご予約ください。',
  participantsClassChanged:
    '参加者の人数と年齢区分は変更できません（料金と在庫が変わるため）。変更が必要な場合は取り消して新しくご予約ください。',
  noteRequired: 'メモを入力してください。',
  checkoutNotFound: 'お支払いの記録が見つかりません。',
  // Staff console (DESIGN §11).
  staffLoginFailed: 'メールアドレスまたはパスワードが正しくありません。',
  staffLoginRateLimited: 'サインインの試行回数が上限に達しました。15分ほど時間をおいてから再度お試しください。',
  staffTotpFailed: '確認コードが正しくありません。認証アプリに表示されている6桁のコードを入力してください。',
  staffSecondStepExpired: 'サインインの途中で時間が経ちました。最初からやり直してください。',
  staffSessionExpired: 'サインインの有効期限が切れました。再度サインインしてください。',
  staffForbidden: 'この操作を行う権限がありません。',
  staffParticipantsErased:
    'このご予約の生年月日・パスポート番号・食事のご希望は、保存期間を過ぎて消去済みのため入力し直すことはできません。これらを空欄のまま保存すると、氏名・性別・国籍を修正できます。',
  staffMustChangePassword: '初期パスワードのままです。パスワードを変更してから操作してください。',
  staffCurrentPasswordWrong: '現在のパスワードが正しくありません。',
  staffPasswordTooShort: 'パスワードは12文字以上で入力してください。',
  staffPasswordSame: '新しいパスワードは現在のパスワードと異なるものにしてください。',
  staffTotpAlreadyEnabled: '2段階認証は既に設定されています。',
  staffTotpSetupMissing: '2段階認証の設定をやり直してください（QRコードを再表示します）。',
  staffAccountExists: 'このメールアドレスのスタッフは既に登録されています。',
  staffAccountNotFound: 'このメールアドレスのスタッフは登録されていません。',
  staffNotFound: 'このスタッフは見つかりません。一覧を更新してください。',
  staffLastAdmin: '有効な管理者がほかにいないため、この管理者を無効にしたり権限を変えたりすることはできません。',
  staffNotOnSelf: 'ご自身のアカウントを無効にしたり、管理者の権限を外したりすることはできません。',
  staffMailInvalid: 'メールアドレスを正しく入力してください。',
} as const;

export function partySizeOutOfRange(min: number, max: number): string {
  return `ご利用人数は${min}名～${max}名の範囲でお選びください。`;
}

export function participantTitle(n: number): string {
  return `参加者${n}`;
}

export function partyRangeNote(min: number, max: number): string {
  return `利用可能人数：${min}名～${max}名`;
}

/** A change of departure once the cancellation policy charges a fee (ADR 0197). */
export function changeFeeApplies(percent: number): string {
  return `取消料がかかる期間に入ったため、日時を変更できません（現在の取消料：旅行代金の${percent}%）。`;
}

export function partyOutOfRange(min: number, max: number): string {
  return `ご利用人数は${min}名～${max}名の範囲でお選びください。`;
}

export function rentalFieldInvalid(participant: string, item: string): string {
  return `参加者${participant}の${item}の選択内容が正しくありません。`;
}

/** Coupons are used on their use date only (SPEC §2); `usedate` is shown as YYYY/MM/DD. */
export function couponNotToday(usedate: string): string {
  return `このクーポンはご利用日（${usedate}）当日のみご利用いただけます。`;
}

/** An unpaid card booking on my page, payable until its hold ends. */
export function cardPaymentNotice(until: string, minutesLeft: number): string {
  return `お支払いが完了していません。${until}まで（あと${minutesLeft}分）にお支払いいただくと、ご予約が確定します。`;
}

export function couponLocked(minutes: number): string {
  return `暗証番号を続けて間違えたため、クーポンのご利用を一時的に停止しています。約${minutes}分後に再度お試しください。`;
}

/** Seats held unpaid by one client address per option and day. */
export function unpaidSeatsCapped(max: number): string {
  return `お支払いがお済みでないご予約の人数が上限（${max}名）に達しています。先にお支払いを完了していただくか、時間をおいて再度お試しください。`;
}

/** 在庫・料金カレンダー: capacity may not go below the seats live bookings hold on a day (YYYY/MM/DD). */
export function stockBelowHeld(day: string, held: number, asked: number): string {
  return `${day}は予約で${held}席が使われているため、在庫を${asked}席にはできません（${held}席以上にしてください）。`;
}

export function feeOverrideAbovePaid(paid: number): string {
  return paid === 0
    ? 'お支払いのないご予約のため、キャンセル料はかかりません（0円のみ指定できます）。'
    : `キャンセル料は、お支払い済みの金額（${paid.toLocaleString('ja-JP')}円）以下で入力してください。`;
}

/** 在庫・料金カレンダー: a price the option's age class needs is missing ('中人'). */
export function stockPriceRequired(ageClassLabel: string): string {
  return `${ageClassLabel}料金を入力してください。`;
}

/** A change of seats over days that were all called off (催行中止): their seats stay closed. */
export function stockDaysStopped(days: readonly string[]): string {
  return `${days.join('、')}は催行中止のため、席数を変更できません。`;
}

export function stockBelowZero(day: string, left: number, remove: number): string {
  return `${day}の残席は${left}席のため、${remove}席減らすことはできません。`;
}

/**
 * The console's catalog: kept out of `Msg` so that not a byte reaches the customer pages' initial
 * JavaScript (only the server and the lazily loaded console import it).
 */
export const CatalogMsg = {
  catalogOpcdInvalid: '商品コードは英大文字と数字の2〜20文字で入力してください。',
  catalogOpcdTaken: 'この商品コードはすでに使われています。',
  catalogNameRequired: '商品名を入力してください。',
  catalogRegionRequired: '方面・地域・市区町村を選択してください。',
  catalogRegionMismatch: '方面・地域・市区町村の組み合わせが正しくありません。',
  catalogKeywordUnknown: '登録されていないキーワードが含まれています。',
  catalogFacilityUnknown: '登録されていない施設です。',
  catalogFacilityNeeded: 'クーポン商品では利用施設を選択してください。',
  catalogDateInvalid: '日付はYYYY-MM-DD形式で入力してください。',
  catalogMonthInvalid: '月はYYYY-MM形式（例：2026-12）で指定してください。',
  catalogPeriodReversed: '販売終了日は販売開始日以降の日付にしてください。',
  catalogAgeMaxNeeded: 'この年齢区分を受け付ける場合は上限年齢も入力してください。',
  catalogAgeReversed: '下限年齢は上限年齢以下にしてください。',
  catalogAgeOverlap: '年齢区分の範囲が他の区分と重なっています。',
  catalogPeopleReversed: '最大人数は最小人数以上にしてください。',
  catalogDecisionNeeded: '最少催行人員を設定する場合は、催行を決定する日（何日前）と時刻も入力してください。',
  catalogCoordinatesPair: '緯度と経度は両方入力するか、両方空欄にしてください。',
  catalogDuplicate: '同じ項目が重複しています。',
  catalogTiersOrder: 'キャンセル規定は日数の多い順に、料率が下がらないように並べてください。',
  catalogNotFound: 'ご指定の商品が見つかりません。',
  stockWeekdaysRequired: '曜日を1つ以上選択してください。',
  stockNothingToDo: '在庫か料金のどちらかを指定してください。',
  stockOutsidePeriod: '販売期間外の日が含まれています。期間内の日付を指定してください。',
  stockRangeTooLong: '一度に変更できるのは400日までです。',
  stockNoDays: '指定した期間・曜日に当てはまる日がありません。',
  stockPricesNeeded: '在庫が未登録の日があります。料金もあわせて指定してください。',
  couponFacilityDisabled: Msg.couponFacilityStopped,
  facilityPinInvalid: '暗証番号は4〜8桁の数字で入力してください。',
  facilityNotFound: 'ご指定の施設が見つかりません。',
  catalogAdminOnly: '商品の編集は管理者のみ行えます。',
} as const;
