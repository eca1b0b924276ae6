/**
 * Which purchase a browser tab is working on. The reservation in progress lives in localStorage, which every tab
 * of the site shares; the purchase a tab started (or joined) is remembered in that tab's sessionStorage, which
 * survives its reloads and language switches but no other tab sees. Comparing the two tells a tab that another
 * tab has started another purchase, so that it never goes on with the other tab's names as its own.
 */
import { RESERVATION_SESSION_LIMIT_MINUTES } from '@tabi/contract/constants';

/** The store id under which the reservation in progress is persisted (SPEC §3 Persistence). */
export const RESERVATION_KEY = 'reservation';
const TAB_KEY = 'reservation-tab';

export interface TabPurchase {
  id: string;
  /** The option and the list's md, to go back to the option once the stored purchase is another one. */
  opcd: string;
  md: string;
}

/** What the stored purchase is, as far as telling purchases apart needs. */
export interface StoredPurchase {
  purchaseId: string | null;
  startedAt: number | null;
  opcd: string;
  webname: string;
  usedate: string | null;
  md: string;
  /** ISO instant until which a booking made in the flow can still be paid, if one was made. */
  completedUntil: string | null;
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // No window (the server's render) or storage blocked: the tab then remembers nothing.
    return null;
  }
}

function local(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function readTabPurchase(): TabPurchase | null {
  try {
    const raw = session()?.getItem(TAB_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (!isRecord(value) || typeof value.id !== 'string' || !value.id) return null;
    return { id: value.id, opcd: text(value.opcd), md: text(value.md) };
  } catch {
    return null;
  }
}

export function writeTabPurchase(purchase: TabPurchase | null): void {
  try {
    if (purchase) session()?.setItem(TAB_KEY, JSON.stringify(purchase));
    else session()?.removeItem(TAB_KEY);
  } catch {
    // Storage full or blocked: the tab follows whatever purchase is stored, as before purchases had ids.
  }
}

/** The persisted store's state (zustand's `{ state, version }`) summarised; null when nothing is in progress. */
export function storedPurchaseOf(state: unknown): StoredPurchase | null {
  if (!isRecord(state) || typeof state.startedAt !== 'number') return null;
  const option = isRecord(state.optionDetail) ? state.optionDetail : {};
  const completed = isRecord(state.completed) ? state.completed : null;
  return {
    purchaseId: typeof state.purchaseId === 'string' && state.purchaseId ? state.purchaseId : null,
    startedAt: state.startedAt,
    opcd: text(option.opcd),
    webname: text(option.webname),
    usedate: typeof state.usedate === 'string' ? state.usedate : null,
    md: text(state.md),
    completedUntil: completed ? text(completed.expiresAt) || null : null,
  };
}

export function parseStored(raw: string | null): unknown {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isRecord(value) ? value.state : null;
  } catch {
    return null;
  }
}

/** The purchase other tabs see, read afresh from localStorage. */
export function readStoredPurchase(): StoredPurchase | null {
  try {
    return storedPurchaseOf(parseStored(local()?.getItem(RESERVATION_KEY) ?? null));
  } catch {
    return null;
  }
}

/**
 * Nobody can be working on it any more: older than SPEC's 20 minutes, and any booking made in it past the hour
 * in which it could be paid (the check page still needs it when the visitor comes back from the card page).
 */
export function isAbandoned(stored: StoredPurchase, now: number): boolean {
  const limit = RESERVATION_SESSION_LIMIT_MINUTES * 60_000;
  if (stored.startedAt !== null && now - stored.startedAt <= limit) return false;
  return stored.completedUntil === null || !(now < Date.parse(stored.completedUntil));
}

/**
 * Whether this tab may write `next` over what localStorage holds. A tab writes its own purchase, or a purchase
 * started after the stored one (the newest start wins, as it always did); it clears the stored purchase only when
 * that purchase is its own or abandoned. So a tab left behind by another tab's new purchase, or a tab that only
 * browsed the list, never overwrites or empties what the other tab is doing.
 */
export function mayWrite(
  stored: StoredPurchase | null,
  next: StoredPurchase | null,
  tab: TabPurchase | null,
  now: number,
): boolean {
  // Nothing to protect, or a state stored before purchases had ids.
  if (!stored || stored.purchaseId === null) return true;
  if (next) {
    if (next.purchaseId === stored.purchaseId) return true;
    return stored.startedAt === null || (next.startedAt ?? 0) > stored.startedAt;
  }
  return tab?.id === stored.purchaseId || isAbandoned(stored, now);
}

/** A purchase's id: random, and made without crypto.randomUUID, which plain-http pages lack. */
export function newPurchaseId(): string {
  const bytes = new Uint8Array(12);
  try {
    crypto.getRandomValues(bytes);
  } catch {
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  }
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
