/**
 * The pages decide on the booking's state and what its customer may do as the server says them (`state`, `payable`,
 * `card_payable`, `cancellable`, `withdrawable`, ADR 0193), never on SPEC's status numbers and flags, which the
 * server alone reads, at its edge. This reads the web app's own code (tests and their fixtures in `test/` aside, which
 * write bookings as the API answers them) for any decision on them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const src = path.dirname(fileURLToPath(import.meta.url));
const WIRE =
  /\bBookingStatus\b|\bPaymentStatus\b|\bstatus_payment\b|\bflg_request_rsv\b|booking\.status\b|\b(?:bookingState|paymentAllowed|cancelAllowed|cardPaymentOpen|requestWithdrawable)\(/;
/**
 * 予約詳細's history shows each event's before and after as stored, the SPEC fields among them, in words: it displays
 * them and decides nothing.
 */
const SHOWS_HISTORY = 'admin/components/booking-history.tsx';

it('has no decision on status numbers or wire flags in the web app', () => {
  const found: string[] = [];
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || file.startsWith('test/') || file === SHOWS_HISTORY)
      continue;
    readFileSync(path.join(src, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (WIRE.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  expect(found).toEqual([]);
});
