/** One departure's form: its first values and its reading into the request. */
import type { StockDeparture } from '@tabi/contract/admin-catalog';
import { describe, expect, it } from 'vitest';
import { departureDefaults, departureForm } from './departure-form.ts';

const DEP: StockDeparture = {
  startTime: '10:00',
  endTime: '11:30',
  stopped: false,
  left: 7,
  held: 3,
  sold: 2,
  adultbaika: 8000,
  middlebaika: 0,
  childbaika: 4000,
  infantbaika: 0,
};

describe('departureDefaults', () => {
  it("offers the departure's capacity and the prices of the classes sold", () => {
    expect(departureDefaults(DEP, false, ['adult', 'child'])).toEqual({
      stock: { mode: 'set', seats: '12' },
      withPrices: false,
      prices: { adultbaika: '8000', childbaika: '4000' },
    });
  });

  it('offers only the prices of a departure called off', () => {
    expect(departureDefaults(DEP, true, ['adult'])).toMatchObject({ stock: { mode: 'none' }, withPrices: true });
  });
});

describe('departureForm', () => {
  it('reads the day, the time, the seats and the prices into the request', () => {
    const read = departureForm('2026-12-05', '10:00', ['adult']).safeParse({
      stock: { mode: 'set', seats: '２０' },
      withPrices: true,
      prices: { adultbaika: '9,000' },
    });
    expect(read.success && read.data).toEqual({
      date: '2026-12-05',
      startTime: '10:00',
      stock: { mode: 'set', seats: 20 },
      prices: { adultbaika: 9000 },
    });
  });

  it('refuses nothing to change', () => {
    const read = departureForm('2026-12-05', '10:00', ['adult']).safeParse({
      stock: { mode: 'none', seats: '' },
      withPrices: false,
      prices: { adultbaika: '' },
    });
    expect(read.success).toBe(false);
  });
});
