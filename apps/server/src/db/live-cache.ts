import type { ChannelHandlers } from './client.ts';

/**
 * A cache that is only trusted while the database's change feed runs (ADR 0015). Entries are grouped
 * (one group per option); a notification naming a group drops it at once, `*` drops everything, and
 * losing the feed turns the cache off until it is back. Concurrent misses share one load; a load that
 * fails is forgotten. `maxAgeMs` bounds an entry's life even if a notification were ever lost.
 */
export class LiveCache<V> implements ChannelHandlers {
  private listening = false;
  private readonly groups = new Map<string, Map<string, { expires: number; value: Promise<V> }>>();
  private size = 0;

  constructor(
    private readonly maxAgeMs: number,
    private readonly maxEntries = 5_000,
  ) {}

  get(group: string, key: string, load: () => Promise<V>): Promise<V> {
    if (!this.listening) return load();
    const now = performance.now();
    const hit = this.groups.get(group)?.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (hit) this.drop(group, key);
    if (this.size >= this.maxEntries) this.clear();
    const entry = { expires: now + this.maxAgeMs, value: load() };
    this.groupFor(group).set(key, entry);
    this.size += 1;
    entry.value.catch(() => {
      if (this.groups.get(group)?.get(key) === entry) this.drop(group, key);
    });
    return entry.value;
  }

  notify(group: string): void {
    if (group === '*') {
      this.clear();
      return;
    }
    const entries = this.groups.get(group);
    if (!entries) return;
    this.size -= entries.size;
    this.groups.delete(group);
  }

  live(listening: boolean): void {
    this.clear();
    this.listening = listening;
  }

  clear(): void {
    this.groups.clear();
    this.size = 0;
  }

  private groupFor(group: string): Map<string, { expires: number; value: Promise<V> }> {
    let entries = this.groups.get(group);
    if (!entries) {
      entries = new Map();
      this.groups.set(group, entries);
    }
    return entries;
  }

  private drop(group: string, key: string): void {
    const entries = this.groups.get(group);
    if (entries?.delete(key)) this.size -= 1;
  }
}
