import { tokyoYmd, type Ymd } from '@tabi/contract/dates';

/** The only source of "now" on the server; tests set it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class FixedClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(instant: Date): void {
    this.current = new Date(instant);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export function todayIn(clock: Clock): Ymd {
  return tokyoYmd(clock.now());
}
