/**
 * A booking's first read, its option and which of the nationalities typed exist, kept by each instance
 * while the catalog's change feed runs (migration 0030, {@link LiveCache}): a booking of an option already read makes
 * one round trip less, a fifth of its statements. An edit of the option or of the nationalities drops what was kept,
 * on this instance at once ({@link forgetOptionReads}) and on the others when its notification comes. Without the
 * feed nothing is kept.
 */
import type { AppContextBase } from '../../context-base.ts';
import { CATALOG_CHANGED_CHANNEL } from '../../db/client.ts';
import { LiveCache } from '../../db/live-cache.ts';
import { findOptionAndNationalities } from './repository.ts';

/** Bounds a kept read's life should a notification ever be lost without the connection dropping. */
export const OPTION_READ_MAX_AGE_MS = 30_000;

type OptionRead = Awaited<ReturnType<typeof findOptionAndNationalities>>;
type Reader = Pick<AppContextBase, 'db' | 'notifications'>;

/** One cache per database handle: every context over the same database (the routes', the bench floor's) shares it. */
const kept = new WeakMap<Reader['db'], LiveCache<OptionRead>>();

function cacheOf(ctx: Reader): LiveCache<OptionRead> | undefined {
  let cache = kept.get(ctx.db);
  if (!cache && ctx.notifications) {
    cache = new LiveCache<OptionRead>(OPTION_READ_MAX_AGE_MS);
    ctx.notifications.subscribe(CATALOG_CHANGED_CHANNEL, cache);
    kept.set(ctx.db, cache);
  }
  return cache;
}

/** {@link findOptionAndNationalities}, kept. What it answers is shared: read it, never change it. */
export function optionAndNationalities(ctx: Reader, opcd: string, ids: number[]): Promise<OptionRead> {
  const read = () => findOptionAndNationalities(ctx.db, opcd, ids);
  return cacheOf(ctx)?.get(opcd, ids.join(','), read) ?? read();
}

/** A staff edit of the catalog on this instance: its next booking reads the option again. */
export function forgetOptionReads(ctx: Reader): void {
  kept.get(ctx.db)?.clear();
}
