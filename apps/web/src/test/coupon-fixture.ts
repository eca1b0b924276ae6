/**
 * A coupon as `POST /api/coopon` and `POST /api/coopon/{opcd}/{pkcd}` answer it, for the coupon pages' component tests:
 * two adults and a child, none used, for today. Parsed by the contract's schema, so a fixture cannot say what the API
 * cannot.
 */
import { type CouponOption, couponOption } from '@tabi/contract/coupon';
import { tokyoYmd } from '@tabi/contract/dates';

export function couponFixture(changes: Partial<CouponOption> = {}): CouponOption {
  return couponOption.parse({
    opcd: 'OP0011',
    pkcd: 'PK0001',
    webname: '箱根 彫刻の森美術館 入館クーポン',
    usedate: tokyoYmd(new Date()),
    image: '',
    introduction: '<p>野外に彫刻が並ぶ美術館です。</p>',
    contents: '<p>入館料（大人・小人）</p>',
    optionattention: '',
    companyname: '箱根 彫刻の森美術館',
    hours: '9:00〜17:00',
    tel: '0460-00-0000',
    address: '神奈川県足柄下郡箱根町二ノ平1121',
    companyattention: '',
    lat: null,
    lon: null,
    paxadultqty: 2,
    adultqty: 2,
    paxchildqty: 1,
    childqty: 1,
    ...changes,
  });
}
