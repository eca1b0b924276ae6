/**
 * A booking as `GET /api/booking/{rsvno}` answers it, for my page's component tests: a paid one-day tour for one adult
 * five days from today unless told otherwise. Parsed by the contract's schema, so a fixture cannot say what the API
 * cannot.
 */
import { type Booking, type BookingOption, booking } from '@tabi/contract/booking';
import { ExternalCode } from '@tabi/contract/constants';
import { addDays, tokyoYmd } from '@tabi/contract/dates';

export function bookingFixture(changes: Partial<Booking> = {}, line: Partial<BookingOption> = {}): Booking {
  const day = addDays(tokyoYmd(new Date()), 5);
  const option: BookingOption = {
    pkcd: 'X',
    opcd: 'OP0001',
    webname: '東京ベイ 夜景クルーズ',
    usedate: day,
    start_time: '',
    end_time: '',
    contents: '<p>日の出桟橋から90分のクルーズです。</p>',
    cancel_note: '<p>前日 50%、当日 100%</p>',
    adultbaika: 8000,
    childbaika: 4000,
    paxadultqty: 1,
    paxchildqty: 0,
    companyname: 'ベイクルーズ東京',
    hours: '9:00〜18:00',
    address: '東京都港区海岸2-7-104',
    tel: '03-0000-0000',
    lat: null,
    lon: null,
    meetpoint: null,
    serviceno: null,
    departure_point: null,
    departure_time: null,
    arrival_point: null,
    arrival_time: null,
    ticket_url: null,
    ex_cd: ExternalCode.none,
    ex_rsvno: null,
    ex_confirmno: null,
    ex_url: null,
    ex_issue_method: null,
    ...line,
  };
  return booking.parse({
    rsvno: 'AA100001',
    status: 1,
    status_payment: 1,
    flg_request_rsv: 0,
    rsvdate: new Date(Date.now() - 86_400_000).toISOString(),
    servertime: new Date().toISOString(),
    payment_deadline_date: null,
    fromdate: option.usedate,
    todate: option.usedate,
    sei: '山田',
    mei: '太郎',
    mail: 'taro.yamada@example.jp',
    amountjp: option.adultbaika,
    meetpoint: null,
    memberList: [
      {
        seq: '1',
        sei: '山田',
        mei: '太郎',
        birthday: '19800415',
        sex: '1',
        ageclass: '1',
        nationality_id: 1,
        nationality_nm: '日本',
        extended_datas: { extended_participant_fields: {} },
      },
    ],
    optionList: [option],
    rentskiList: [],
    state: 'paid',
    payable: false,
    card_payable: false,
    cancellable: true,
    withdrawable: false,
    ...changes,
  });
}

/**
 * A paid ski rental for two starting `startIn` days from today (AA100009 of the demo, moved in time): an adult on
 * skis and a 中人 on a snowboard, each with boots and wear. `names` are the leader's and the second traveller's.
 */
export function rentalBookingFixture(
  startIn: number,
  names: readonly [{ sei: string; mei: string }, { sei: string; mei: string }] = [
    { sei: '小林', mei: '亮' },
    { sei: '小林', mei: '優奈' },
  ],
): Booking {
  const [leader, second] = names;
  const person = (
    seq: string,
    name: { sei: string; mei: string },
    birthday: string,
    sex: string,
    ageclass: string,
  ) => ({
    seq,
    ...name,
    birthday,
    sex,
    ageclass,
    nationality_id: 1,
    nationality_nm: '日本',
    extended_datas: { extended_participant_fields: {} },
  });
  return bookingFixture(
    {
      rsvno: 'AA100009',
      cancellable: startIn > 0,
      ...leader,
      mail: 'ryo.kobayashi@example.jp',
      amountjp: 23600,
      memberList: [person('1', leader, '19920101', '1', '1'), person('2', second, '20110101', '2', '4')],
      rentskiList: [
        { seq: '1', model: '1', boots_size: '26.5', wear_size: 'L', accessory: '' },
        { seq: '2', model: '2', boots_size: '23.5', wear_size: 'S', accessory: '' },
      ],
    },
    {
      opcd: 'OP0003',
      webname: '白馬 スキー・スノーボードセットレンタル',
      usedate: addDays(tokyoYmd(new Date()), startIn),
      contents: '',
      cancel_note: '',
      adultbaika: 12800,
      childbaika: 0,
      middlebaika: 10800,
      paxmiddleqty: 1,
      companyname: '白馬レンタル',
      hours: '8:00〜17:00',
      address: '長野県北安曇郡白馬村',
      tel: '0261-00-0000',
    },
  );
}
