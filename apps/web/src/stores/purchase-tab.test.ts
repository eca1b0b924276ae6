import { describe, expect, it } from 'vitest';
import { isAbandoned, mayWrite, newPurchaseId, type StoredPurchase, storedPurchaseOf } from './purchase-tab.ts';

const MINUTE = 60_000;
const now = Date.parse('2026-03-01T10:00:00Z');

function purchase(id: string | null, startedAt: number | null, extra: Partial<StoredPurchase> = {}): StoredPurchase {
  return {
    purchaseId: id,
    startedAt,
    opcd: 'OP0001',
    webname: 'Tour',
    usedate: '20260310',
    md: '',
    completedUntil: null,
    ...extra,
  };
}

describe('which tab may write the stored purchase', () => {
  const stored = purchase('b', now - 2 * MINUTE);

  it('lets a tab write its own purchase, and anything over nothing', () => {
    expect(mayWrite(stored, purchase('b', stored.startedAt), { id: 'b', opcd: '', md: '' }, now)).toBe(true);
    expect(mayWrite(null, purchase('a', now - 5 * MINUTE), null, now)).toBe(true);
  });

  it('lets a newer start replace an older purchase, never the other way round', () => {
    expect(mayWrite(stored, purchase('c', now), { id: 'c', opcd: '', md: '' }, now)).toBe(true);
    // The tab left behind still holds its older purchase in memory: its writes are refused.
    expect(mayWrite(stored, purchase('a', now - 5 * MINUTE), { id: 'a', opcd: '', md: '' }, now)).toBe(false);
  });

  it('clears the stored purchase only for the tab that owns it, or once it is abandoned', () => {
    expect(mayWrite(stored, null, { id: 'b', opcd: '', md: '' }, now)).toBe(true);
    expect(mayWrite(stored, null, { id: 'a', opcd: '', md: '' }, now)).toBe(false);
    // A tab that only browsed the list has no purchase and leaves the other tab's alone.
    expect(mayWrite(stored, null, null, now)).toBe(false);
    expect(mayWrite(purchase('b', now - 21 * MINUTE), null, null, now)).toBe(true);
  });

  it('treats a state stored before purchases had ids as before', () => {
    expect(mayWrite(purchase(null, now - MINUTE), purchase('a', now - 5 * MINUTE), null, now)).toBe(true);
  });
});

describe('an abandoned purchase', () => {
  it('is older than 20 minutes, with no booking that can still be paid', () => {
    expect(isAbandoned(purchase('a', now - 20 * MINUTE), now)).toBe(false);
    expect(isAbandoned(purchase('a', now - 21 * MINUTE), now)).toBe(true);
    const paying = purchase('a', now - 30 * MINUTE, { completedUntil: new Date(now + 10 * MINUTE).toISOString() });
    expect(isAbandoned(paying, now)).toBe(false);
    const lapsed = purchase('a', now - 90 * MINUTE, { completedUntil: new Date(now - 30 * MINUTE).toISOString() });
    expect(isAbandoned(lapsed, now)).toBe(true);
  });
});

describe('the stored state summarised', () => {
  it('names the purchase and its option; nothing when no flow is in progress', () => {
    const state = {
      startedAt: now,
      purchaseId: 'x1',
      md: 'CARD',
      usedate: '20260310',
      optionDetail: { opcd: 'OP0003', webname: 'Ski' },
      completed: null,
    };
    expect(storedPurchaseOf(state)).toEqual({
      purchaseId: 'x1',
      startedAt: now,
      opcd: 'OP0003',
      webname: 'Ski',
      usedate: '20260310',
      md: 'CARD',
      completedUntil: null,
    });
    expect(storedPurchaseOf({ ...state, startedAt: null })).toBeNull();
    expect(storedPurchaseOf('garbage')).toBeNull();
  });
});

it('makes distinct purchase ids', () => {
  const ids = new Set(Array.from({ length: 50 }, newPurchaseId));
  expect(ids.size).toBe(50);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
});
