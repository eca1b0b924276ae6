/**
 * A booking's state numbers (`status`, `status_payment`, `flg_request_rsv` of the SPEC's wire format) are compared in
 * SQL only inside the booking module; every other module asks `bookingIs` or `holdsSeats`, or reads `bookings.state`
 * (ADR 0182, 0193).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** `b.status = 4`, `${bookings.status} = 4`, `status_payment <> 1`…, and drizzle's `eq(bookings.status, …)`. */
const stateNumberInSql =
  /((\.status|\bstatus_payment|\bflg_request_rsv)\}?\s*(=|<>|!=|in)\s*\(?\s*\d)|\b(eq|ne|inArray)\(\s*bookings\.(status|statusPayment|flgRequestRsv)\b/;

function sourcesOutsideBooking(): string[] {
  return readdirSync(modules, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith(`booking${path.sep}`))
    .map((file) => path.join(modules, file));
}

describe('booking states in SQL', () => {
  it('are compared by number only in the booking module', () => {
    const found = sourcesOutsideBooking().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          stateNumberInSql.test(line) ? [`${path.relative(modules, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(sourcesOutsideBooking().length).toBeGreaterThan(50);
    expect(found).toEqual([]);
  });
});
