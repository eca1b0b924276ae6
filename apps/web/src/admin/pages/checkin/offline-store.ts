/**
 * Where the scanner keeps its offline copy, its queue of check-ins not sent and its list to check (ADR 0215): the
 * browser's localStorage. A day of a real company is at most a few thousand travellers — about 1 MB of JSON as the
 * pack is, within the 5 MB every browser gives an origin — and localStorage writes before the next line runs: a
 * check-in is on the device before its answer is on the screen, so closing the page (or the phone's battery) right
 * after a scan loses nothing. IndexedDB would hold more, but asynchronously and behind a library or a helper of its
 * own; a company whose days outgrow 5 MB would move the packs (not the queue) there.
 */
import type { CheckinPack } from '@tabi/contract/checkin';
import { useSyncExternalStore } from 'react';
import { type Departure, departureKey, packKey, type QueuedScan, type ReviewItem, withQueued } from './offline-copy.ts';

const QUEUE = 'tabi-checkin-queue';
const REVIEW = 'tabi-checkin-review';
const PACK = 'tabi-checkin-pack:';
/** The packs kept, newest first: the departures of a day opened in turn, not every day ever scanned. */
const PACKS = 'tabi-checkin-packs';
const MAX_PACKS = 4;

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

interface State {
  queue: QueuedScan[];
  review: ReviewItem[];
  /** The packs read so far (null: none kept for that departure). */
  packs: Map<string, CheckinPack | null>;
}

let state: State | null = null;
let version = 0;
const listeners = new Set<() => void>();

function current(): State {
  state ??= { queue: read<QueuedScan[]>(QUEUE) ?? [], review: read<ReviewItem[]>(REVIEW) ?? [], packs: new Map() };
  return state;
}

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function packOf(key: string): CheckinPack | null {
  const s = current();
  if (!s.packs.has(key)) s.packs.set(key, read<CheckinPack>(PACK + key));
  return s.packs.get(key) ?? null;
}

/** The copy kept, newest first among at most MAX_PACKS; a full storage drops the others before giving up. */
function keepPack(pack: CheckinPack): void {
  const key = packKey(pack);
  const kept = [key, ...(read<string[]>(PACKS) ?? []).filter((k) => k !== key)];
  for (const old of kept.splice(MAX_PACKS)) localStorage.removeItem(PACK + old);
  if (!write(PACK + key, pack)) {
    for (const other of kept.splice(1)) localStorage.removeItem(PACK + other);
    // Still too large: the copy lives in memory until the page is closed, which is all a scan needs meanwhile.
    write(PACK + key, pack);
  }
  write(PACKS, kept);
  current().packs.set(key, pack);
}

/** The copy of a departure, the queue and the list to check, as they are now (the page re-renders on a change). */
export function useOfflineStore(): {
  pack: (d: Departure) => CheckinPack | null;
  queue: readonly QueuedScan[];
  review: readonly ReviewItem[];
} {
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
  );
  const s = current();
  return { pack: (d) => packOf(departureKey(d)), queue: s.queue, review: s.review };
}

export function copyOf(d: Departure): CheckinPack | null {
  return packOf(departureKey(d));
}

export function queuedScans(): readonly QueuedScan[] {
  return current().queue;
}

/** A pack as the server gave it, kept with this device's check-ins not sent yet applied. */
export function savePack(pack: CheckinPack): void {
  keepPack(withQueued(pack, current().queue));
  changed();
}

/** The copy with a server's answer in it (a scan online, an undo, a check-in sent). */
export function updateCopy(key: string, update: (pack: CheckinPack) => CheckinPack): void {
  const pack = packOf(key);
  if (!pack) return;
  keepPack(update(pack));
  changed();
}

/** A check-in made offline: the queue is written first, so that a full storage never loses the check-in itself. */
export function recordOfflineScan(copy: CheckinPack, queued: QueuedScan): void {
  const s = current();
  s.queue = [...s.queue, queued];
  write(QUEUE, s.queue);
  keepPack(copy);
  changed();
}

/** A queued check-in the server has answered, gone from the queue; what it answered otherwise kept to check. */
export function settleScan(id: string, review: ReviewItem | null): void {
  const s = current();
  if (review) {
    s.review = [...s.review, review];
    write(REVIEW, s.review);
  }
  s.queue = s.queue.filter((q) => q.id !== id);
  write(QUEUE, s.queue);
  changed();
}

export function dismissReview(id: string): void {
  const s = current();
  s.review = s.review.filter((r) => r.id !== id);
  write(REVIEW, s.review);
  changed();
}

/** Forgets everything kept in memory, to read the storage again (the tests, between two of them). */
export function rereadOfflineStore(): void {
  state = null;
  changed();
}
