/** Instants in the booking answers are written in Tokyo time with an explicit offset (no daylight saving). */
export function toTokyoIso(instant: Date): string {
  const tokyo = new Date(instant.getTime() + 9 * 3_600_000);
  return `${tokyo.toISOString().slice(0, 19)}+09:00`;
}
