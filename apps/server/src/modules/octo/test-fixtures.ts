/** A reseller with a key and its OCTO calls, as the OCTO tests and those of the modules that act on its bookings use them. */
import type { LightMyRequestResponse } from 'fastify';
import { resellers } from '../../db/schema.ts';
import type { TestApp } from '../../test/helper.ts';
import { issueResellerKey } from '../reseller/keys.ts';

export type OctoCall = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
) => Promise<LightMyRequestResponse>;

/** A reseller (10 % commission) and a key of its; `ratePerMinute` when a test makes more calls than the default. */
export async function insertResellerKey(t: TestApp, name: string, ratePerMinute?: number): Promise<string> {
  const [row] = await t.ctx.db
    .insert(resellers)
    .values({ name, commissionBp: 1000, createdAt: t.clock.now() })
    .returning();
  if (!row) throw new Error('no reseller');
  return (await issueResellerKey(t.ctx.db, row.id, t.clock.now(), ratePerMinute)).key;
}

/** Calls `/octo` as a reseller's client does: JSON on every request, an empty Octo-Capabilities. */
export function octoCaller(t: () => TestApp, key: () => string): OctoCall {
  return (method, url, body) =>
    t().app.inject({
      method,
      url: `/octo${url}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key()}`, 'octo-capabilities': '' },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
}
