/** An instant written ISO 8601 in Tokyo's offset, e.g. 2026-11-21T12:00:00+09:00 (Tokyo has no DST). */
export function toTokyoIso(instant: Date): string {
  const shifted = new Date(instant.getTime() + 9 * 3_600_000);
  return `${shifted.toISOString().slice(0, 19)}+09:00`;
}
