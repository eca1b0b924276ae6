/**
 * The one back-off of the background work (ADR 0183): a mail the relay refused, a provider call that failed, a job
 * whose run threw. 30 s, 1 min, 2 min … doubling after each failure, capped at `capMs` (an hour unless told).
 */
export function retryDelayMs(failures: number, capMs = 3_600_000): number {
  return Math.min(30_000 * 2 ** Math.max(0, failures - 1), capMs);
}
