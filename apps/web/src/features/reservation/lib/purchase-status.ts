/**
 * Whether the purchase this tab works on is still the one stored for all tabs (stores/purchase-tab.ts). Another
 * tab that starts another option or day replaces the stored purchase; this tab then learns it (the browser's
 * `storage` event, or on coming back to the tab) and says so instead of going on with the other tab's data.
 */
import { useState, useSyncExternalStore } from 'react';
import {
  RESERVATION_KEY,
  readStoredPurchase,
  readTabPurchase,
  type StoredPurchase,
  type TabPurchase,
  writeTabPurchase,
} from '../../../stores/purchase-tab.ts';
import { useReservationStore } from '../../../stores/reservation-store.ts';

export type PurchaseStatus =
  /** The stored purchase is this tab's (or the tab joins it, having none of its own). */
  | { kind: 'own' }
  /** Another tab has started another purchase since; it is named so the visitor can choose knowingly. */
  | { kind: 'other'; webname: string; usedate: string | null }
  /** The purchase was finished or given up in another tab, and nothing is in progress now. */
  | { kind: 'ended' };

const OWN: PurchaseStatus = { kind: 'own' };
const ENDED: PurchaseStatus = { kind: 'ended' };

export function purchaseStatus(tab: TabPurchase | null, stored: StoredPurchase | null): PurchaseStatus {
  if (!stored) return tab ? ENDED : OWN;
  // A tab with no purchase of its own (a new tab opened on a step) continues the stored one.
  if (!tab || stored.purchaseId === null || tab.id === stored.purchaseId) return OWN;
  return { kind: 'other', webname: stored.webname, usedate: stored.usedate };
}

function same(a: PurchaseStatus, b: PurchaseStatus): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind !== 'other' || b.kind !== 'other') return true;
  return a.webname === b.webname && a.usedate === b.usedate;
}

let snapshot: PurchaseStatus = OWN;
const listeners = new Set<() => void>();

/** Reads both storages again; tells the pages when the answer changed. */
export function refreshPurchaseStatus(): PurchaseStatus {
  const next = purchaseStatus(readTabPurchase(), readStoredPurchase());
  if (!same(next, snapshot)) {
    snapshot = next;
    for (const listener of listeners) listener();
  }
  return snapshot;
}

function onStorage(event: StorageEvent): void {
  if (event.key !== null && event.key !== RESERVATION_KEY) return;
  // A tab on the same purchase takes what the other tab saved (names sent there show here too).
  if (refreshPurchaseStatus().kind === 'own') void useReservationStore.persist.rehydrate();
}

function onReturn(): void {
  // Storage events do not reach a page kept in the back-forward cache, nor always a frozen background tab.
  if (document.visibilityState === 'visible') refreshPurchaseStatus();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('storage', onStorage);
    window.addEventListener('pageshow', onReturn);
    window.addEventListener('focus', onReturn);
    document.addEventListener('visibilitychange', onReturn);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('pageshow', onReturn);
    window.removeEventListener('focus', onReturn);
    document.removeEventListener('visibilitychange', onReturn);
  };
}

/** A tab that opens a step with no purchase of its own joins the stored one, so that it is its own from now on. */
export function joinStoredPurchase(): void {
  if (readTabPurchase()) return;
  const stored = readStoredPurchase();
  if (stored?.purchaseId) writeTabPurchase({ id: stored.purchaseId, opcd: stored.opcd, md: stored.md });
}

/** The visitor chose to go on with the purchase another tab started: it becomes this tab's, with its data. */
export function continueStoredPurchase(): void {
  const stored = readStoredPurchase();
  if (!stored?.purchaseId) return;
  writeTabPurchase({ id: stored.purchaseId, opcd: stored.opcd, md: stored.md });
  void useReservationStore.persist.rehydrate();
  refreshPurchaseStatus();
}

/** The option this tab's purchase was for, to start again there; null when the tab does not know it. */
export function tabOptionPath(): string | null {
  const tab = readTabPurchase();
  if (!tab?.opcd) return null;
  const md = tab.md ? `&md=${encodeURIComponent(tab.md)}` : '';
  return `/detail?opcd=${encodeURIComponent(tab.opcd)}${md}`;
}

/** The status for a page of the flow, read afresh when the page opens and kept current while it is open. */
export function usePurchaseStatus(): PurchaseStatus {
  useState(() => {
    joinStoredPurchase();
    // Without notifying: this runs while the page renders, and the page reads the result just below.
    snapshot = purchaseStatus(readTabPurchase(), readStoredPurchase());
    return null;
  });
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => OWN,
  );
}
