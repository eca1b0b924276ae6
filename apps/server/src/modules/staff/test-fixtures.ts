import { STAFF_COOKIE, type StaffRole } from '@tabi/contract/admin';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookingMembers, bookingOptions, bookings, staffAccounts } from '../../db/schema.ts';
import type { TestApp } from '../../test/helper.ts';
import { hashPassword } from './password.ts';
import { openTestSession } from './service.ts';
import { totpCodeAt } from './totp.ts';

export const TEST_PASSWORD = 'correct-horse-battery';
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/**
 * TEST_PASSWORD's hash at a thousandth of the production cost (N=2^10 instead of 2^15): the parameters are stored
 * with the hash (password.ts), so signing in verifies it in a millisecond instead of 32 MiB of scrypt (0.1–0.25 s on
 * this machine, 150 of them in a run of the server's tests). Any other password is hashed as production does.
 */
const TEST_PASSWORD_HASH = 'scrypt$1024$8$1$Ns+Tunn03piKVuha4aNLSw==$jjM/JL3wPF2HmL4+gPfk3AyNS276URZjJRE+ToRUuGg=';
function hashOf(password: string | undefined): Promise<string> {
  return password === undefined ? Promise.resolve(TEST_PASSWORD_HASH) : hashPassword(password);
}

/** A staff account ready to sign in (no initial password to change unless asked). */
export async function insertStaff(
  db: Db,
  input: { mail: string; role: StaffRole; totp?: boolean; mustChangePassword?: boolean; password?: string },
): Promise<number> {
  const [row] = await db
    .insert(staffAccounts)
    .values({
      mail: input.mail,
      role: input.role,
      passwordHash: await hashOf(input.password),
      mustChangePassword: input.mustChangePassword ?? false,
      totpSecret: input.totp ? TEST_TOTP_SECRET : null,
    })
    .returning({ id: staffAccounts.id });
  if (!row) throw new Error('staff not inserted');
  return row.id;
}

let addressCounter = 0;
/** A fresh client address per sign-in, so that tests do not trip the per-address limit by accident. */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.90.${addressCounter >> 8}.${addressCounter & 255}`;
}

export function staffCookieOf(res: { cookies: { name: string; value: string }[] }): string | undefined {
  return res.cookies.find((c) => c.name === STAFF_COOKIE)?.value;
}

/** Signs in through the API (with the TOTP code when the account has one) and returns the session cookie. */
/** POST /api/admin/staff{url} as the staff member whose session cookie this is. */
export function postStaffCall(t: TestApp, cookie: string, url: string, payload?: Record<string, unknown>) {
  return t.request({
    method: 'POST',
    url: `/api/admin/staff${url}`,
    ...(payload ? { payload } : {}),
    cookies: { [STAFF_COOKIE]: cookie },
  });
}

/**
 * A signed-in session of the account, opened as the end-to-end server's test route opens one (ADR 0199), for a test
 * that is not about signing in: the password's scrypt and the second factor are tested with `signIn`.
 */
export function staffSession(t: TestApp, mail: string): Promise<string> {
  return openTestSession(t.ctx, mail, nextAddress());
}

/** Signs in as staff do: the password, then the TOTP code when the account has one. */
export async function signIn(t: TestApp, mail: string, password = TEST_PASSWORD): Promise<string> {
  const remoteAddress = nextAddress();
  const first = await t.request({
    method: 'POST',
    url: '/api/admin/login',
    payload: { mail, password },
    remoteAddress,
  });
  const pending = staffCookieOf(first);
  const body = first.json() as { response: { next: string } | null; errMsg: string };
  if (!pending || !body.response) throw new Error(`sign-in ${mail}: ${first.body}`);
  if (body.response.next === 'done') return pending;
  // A code of the next time step, so that two sign-ins in one test never present the same (replayed) code.
  t.clock.advance(30_000);
  const code = totpCodeAt(TEST_TOTP_SECRET, t.clock.now());
  const second = await t.request({
    method: 'POST',
    url: '/api/admin/login/totp',
    payload: { code },
    cookies: { [STAFF_COOKIE]: pending },
    remoteAddress,
  });
  const full = staffCookieOf(second);
  if (!full || second.statusCode !== 200) throw new Error(`second factor ${mail}: ${second.body}`);
  return full;
}

/** A copy of a (seeded) booking under another number, with its options and members, and some fields changed. */
export async function cloneBooking(
  db: Db,
  from: string,
  rsvno: string,
  changes: Partial<typeof bookings.$inferInsert>,
  optionChanges: Partial<typeof bookingOptions.$inferInsert> = {},
): Promise<void> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.rsvno, from));
  if (!booking) throw new Error(`no booking ${from}`);
  await db.insert(bookings).values({ ...booking, rsvno, ...changes });
  const options = await db.select().from(bookingOptions).where(eq(bookingOptions.rsvno, from));
  await db.insert(bookingOptions).values(options.map(({ id: _id, ...o }) => ({ ...o, rsvno, ...optionChanges })));
  const members = await db.select().from(bookingMembers).where(eq(bookingMembers.rsvno, from));
  await db.insert(bookingMembers).values(members.map((m) => ({ ...m, rsvno })));
}
