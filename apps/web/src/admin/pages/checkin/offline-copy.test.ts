import type { CheckinAnswer, CheckinPack } from '@tabi/contract/checkin';
import { describe, expect, it } from 'vitest';
import { countsOf, reviewOf, scanOffline, withQueued } from './offline-copy.ts';

const traveller = (seq: number) => ({ seq, name: `客 ${seq}`, ageClass: '大人', arrived: null, noShow: false });
const booking = (rsvno: string, seqs: number[], admitted = true) => ({
  rsvno,
  applicant: '山田 太郎',
  statusLabel: '決済完了',
  opcd: 'OP0001',
  webname: '湖のクルーズ',
  usedate: '20261201',
  startTime: '10:00',
  endTime: '11:30',
  travellers: seqs.map(traveller),
  code: `TB1.${rsvno.padEnd(32, 'x')}`,
  admitted,
});
const pack: CheckinPack = {
  servertime: '2026-12-01T09:00:00+09:00',
  usedate: '20261201',
  opcd: 'OP0001',
  startTime: '10:00',
  bookings: [booking('AB000001', [1, 2]), booking('AB000002', [1], false)],
  counts: { arrived: 0, expected: 2, noShows: 0 },
};
const who = { device: '受付1', by: 'door@example.jp' };
const at = new Date('2026-12-01T00:55:00Z');

describe('scanOffline', () => {
  it('checks in by the ticket’s code and queues the code, the travellers and when', () => {
    const done = scanOffline(pack, { code: pack.bookings[0]!.code! }, who, at, 'q1');
    expect(done.answer.verdict).toBe('ok');
    expect(done.answer.checked).toEqual([1, 2]);
    expect(done.queued?.request).toMatchObject({ code: pack.bookings[0]!.code, rsvno: '', seqs: [1, 2] });
    expect(done.queued?.request.scanned_at).toBe(at.toISOString());
    expect(countsOf(done.copy)).toEqual({ arrived: 2, expected: 2, noShows: 0 });
    // The canceled booking's travellers are not expected (as the server counts).
    expect(scanOffline(done.copy, { rsvno: 'ab000001' }, who, at, 'q2').answer).toMatchObject({
      verdict: 'already',
      first: { device: '受付1', by: 'door@example.jp' },
    });
  });

  it('keeps this device’s check-ins not sent yet in a fresh pack from the server', () => {
    const done = scanOffline(pack, { rsvno: 'AB000001' }, who, at, 'q1');
    expect(countsOf(withQueued(pack, [done.queued!])).arrived).toBe(2);
    expect(countsOf(withQueued({ ...pack, startTime: '14:00' }, [done.queued!])).arrived).toBe(0);
  });
});

describe('reviewOf', () => {
  const queued = scanOffline(pack, { rsvno: 'AB000001' }, who, at, 'q1').queued!;
  const answer = (verdict: CheckinAnswer['verdict'], device: string | null): CheckinAnswer => {
    const mark = device ? { at: '2026-12-01T00:50:00.000Z', by: 'x@example.jp', device } : null;
    return {
      verdict,
      checked: [],
      booking: { ...pack.bookings[0]!, travellers: [1, 2].map((seq) => ({ ...traveller(seq), arrived: mark })) },
      first: mark,
      counts: pack.counts,
    };
  };

  it('lets pass what the copy said: checked in now, or checked in by this device before (sent twice)', () => {
    expect(reviewOf(answer('ok', null), queued)).toBeNull();
    expect(reviewOf(answer('already', '受付1'), queued)).toBeNull();
  });

  it('keeps another device first, a booking canceled meanwhile, an unknown ticket', () => {
    expect(reviewOf(answer('already', '受付2'), queued)).toMatchObject({
      rsvno: 'AB000001',
      first: { device: '受付2' },
    });
    expect(reviewOf(answer('canceled', null), queued)?.verdict).toBe('canceled');
    expect(reviewOf({ ...answer('unknown', null), booking: null }, queued)?.verdict).toBe('unknown');
  });
});
