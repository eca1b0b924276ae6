import { API, call } from '../../../lib/api-client.ts';
import { fetchCsrfCookie } from '../../../lib/endpoint-client.ts';

/** POST /mylogin/booked: the browser that made the booking opens it without typing its number and phone again. */
export async function loginAsBooker(rsvno: string): Promise<{ session: string; rsvno: string }> {
  await fetchCsrfCookie();
  const res = await call(API['POST /mylogin/booked'], { body: { rsvno } });
  return { session: res.session, rsvno: res.rsvno };
}
