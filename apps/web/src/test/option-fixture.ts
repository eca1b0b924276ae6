import { emptyDraft, inputOf } from '../admin/lib/option-form.ts';
import type { ReservedOption } from '../stores/reservation-store.ts';

/** An option as the purchase flow keeps it, for component tests. */
export function reservedOption(overrides: Partial<ReservedOption> = {}): ReservedOption {
  return {
    opcd: 'OP0001',
    webname: '東京 日帰りバスツアー',
    introduction: '',
    flg_request_item: 0,
    imageList: [],
    keywordList: [],
    use_from: '20260101',
    use_to: '20271231',
    homen: '関東',
    area: '東京',
    city: '東京',
    fromspot: '東京駅',
    meetpoint: null,
    contents: '',
    companyname: '',
    hours: '',
    address: '',
    tel: '',
    lat: null,
    lon: null,
    optionattention: '',
    information: '',
    cancel_note: '',
    age_note: '',
    adult_age_min: 12,
    adult_age_max: null,
    middle_age_min: null,
    middle_age_max: null,
    child_age_min: 6,
    child_age_max: 11,
    infant_age_min: null,
    infant_age_max: null,
    max_people: 8,
    min_people: 1,
    rentalcd: '',
    travelkubun: 0,
    extended_fields: [],
    ...overrides,
  };
}

/** An unpublished option as 商品編集 loads it (the console's record): 隅田川 朝さんぽツアー in 関東 › 東京 › 墨田区. */
export function draftOptionRecord(opcd: string) {
  const option = {
    ...inputOf(emptyDraft('2026-12-01')),
    webname: '隅田川 朝さんぽツアー',
    homencd: '01',
    areacd: '0101',
    citycd: '010101',
    meetpoint: '両国駅',
  };
  return { opcd, published: false, bookings: 0, option, events: [] };
}
