import { createBookingRequest } from '@tabi/contract/booking';
import { describe, expect, it } from 'vitest';
import { blankPerson, type Leader, type Person, type ReservedOption } from '../../../stores/reservation-store.ts';
import { reservedOption } from '../../../test/option-fixture.ts';
import { bookingPayload } from './booking-payload.ts';
import { completionExpiry } from './submit-booking.ts';

const option = reservedOption;

const taro: Person = {
  ...blankPerson('adult'),
  lastName: 'YAMADA',
  firstName: 'TARO',
  sex: '1',
  birthday: '1990-01-31',
  nationalityId: '1',
  passportNumber: 'TK1234567',
  vegetarianMeals: true,
  rentalType: '1',
  bootsSize: '26.5',
  wearSize: 'L',
};
const hanako: Person = {
  ...blankPerson('child'),
  lastName: 'YAMADA',
  firstName: 'HANAKO',
  sex: '2',
  birthday: '2016-05-05',
  nationalityId: '',
  wearSize: '130cm',
};
const leader: Leader = { ...taro, phoneNumber: '090-1234-5678', email: 'taro@example.com' };

const draft = (optionDetail: ReservedOption) => ({
  optionDetail,
  usedate: '20260315',
  startTime: '',
  md: 'abc',
  amount: 12000,
  leader,
  members: [taro, hanako],
  language: 'ja-JP',
});

describe('bookingPayload', () => {
  it('builds SPEC §7 POST /booking from the reservation', () => {
    const payload = bookingPayload(draft(option()));
    expect(createBookingRequest.safeParse(payload).success).toBe(true);
    expect(payload).toEqual({
      opcd: 'OP0001',
      usedate: '20260315',
      md: 'abc',
      sei: 'YAMADA',
      mei: 'TARO',
      tel: '090-1234-5678',
      mail: 'taro@example.com',
      amountjp: '12000',
      lang: 'ja',
      webname_localized: '東京 日帰りバスツアー',
      memberList: [
        { seq: '1', sei: 'YAMADA', mei: 'TARO', sex: '1', birthday: '19900131', ageclass: '1', nationality_id: '1' },
        { seq: '2', sei: 'YAMADA', mei: 'HANAKO', sex: '2', birthday: '20160505', ageclass: '2', nationality_id: '0' },
      ],
    });
  });

  it('sends passport and vegetarian choices only when the option lists them', () => {
    const payload = bookingPayload(draft(option({ extended_fields: ['passport_number', 'vegetarian_meals'] })));
    expect(payload.memberList[0]?.extended_fields).toEqual({
      extended_participant_fields: { passport_number: 'TK1234567', vegetarian_meals: true },
    });
    const onlyMeals = bookingPayload(draft(option({ extended_fields: ['vegetarian_meals'] })));
    expect(onlyMeals.memberList[1]?.extended_fields).toEqual({
      extended_participant_fields: { vegetarian_meals: false },
    });
  });

  it('adds rentskiList with the sizes the rental code needs, accessory empty', () => {
    const ski = bookingPayload(draft(option({ rentalcd: '1' })));
    expect(ski.rentskiList).toEqual([
      { seq: '1', model: '1', boots_size: '26.5', wear_size: 'L', accessory: '' },
      { seq: '2', model: '', boots_size: '', wear_size: '130cm', accessory: '' },
    ]);
    const wear = bookingPayload(draft(option({ rentalcd: '2' })));
    expect(wear.rentskiList?.[0]).toEqual({ seq: '1', model: '', boots_size: '', wear_size: 'L', accessory: '' });
    expect(createBookingRequest.safeParse(ski).success).toBe(true);
  });

  it('names the departure of an option with start times, and nothing more for a whole day', () => {
    const timed = bookingPayload({ ...draft(option()), startTime: '13:00' });
    expect(timed.start_time).toBe('13:00');
    expect(createBookingRequest.safeParse(timed).success).toBe(true);
    expect('start_time' in bookingPayload(draft(option()))).toBe(false);
  });
});

describe('completionExpiry', () => {
  it('is the reservation date plus one hour', () => {
    expect(completionExpiry('2026-03-01T10:00:00.000Z', 0)).toBe('2026-03-01T11:00:00.000Z');
    expect(completionExpiry('garbage', Date.UTC(2026, 0, 1))).toBe('2026-01-01T01:00:00.000Z');
  });
});
