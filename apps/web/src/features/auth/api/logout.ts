import { API, call } from '../../../lib/api-client.ts';

/**
 * Ends the session on the server as well: SPEC §4's logout clears only the browser's
 * state, which left a copied token working. The customer is logged out either way, so a failure is ignored.
 */
export async function endSession(session: string): Promise<void> {
  await call(API['POST /mylogout'], { body: { session } }, { loading: false }).catch(() => undefined);
}
