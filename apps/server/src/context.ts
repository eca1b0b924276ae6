import type { AppContextBase } from './context-base.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { PaymentOutcomes } from './modules/payment/outcomes.ts';
import type { PaymentProvider } from './modules/payment/provider.ts';

/** Everything a route or service needs, built once and passed down explicitly. */
export interface AppContext extends AppContextBase {
  payment: PaymentProvider;
  /** How the booking reacts to what happens to its money: the payments module's one way to the booking (ADR 0181). */
  onPayment: PaymentOutcomes;
  /**
   * The booking rate limit (POST /booking): Redis when REDIS_URL is set (the same client as `limiter`),
   * else this instance's memory, never a committed write before every booking (ADR 0110).
   */
  bookingLimiter: RateLimiter;
}
