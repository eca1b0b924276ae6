import { randomBytes } from 'node:crypto';
import type { KonbiniStore, PaymentMethod } from '@tabi/contract/constants';
import type { Lang } from '@tabi/contract/i18n';
import type { AppContextBase } from '../../context-base.ts';
import { slipDeadline } from './konbini-rules.ts';
import { type CheckoutSession, type PaymentProvider, ProviderRefusal } from './provider.ts';
import {
  addSandboxRefund,
  completeSandboxCheckout,
  findSandboxCheckout,
  findSandboxCheckoutByKey,
  insertSandboxCheckout,
  issueSandboxSlip,
  noteSandboxDecline,
  type SandboxCheckoutRow,
  sandboxChargeMethod,
  voidSandboxSlip,
} from './repository.ts';
import { SANDBOX_VOUCHER_PATH, sandboxText } from './sandbox-page.ts';

export const SANDBOX_CARD_OK = '4242424242424242';
export const SANDBOX_CARD_DECLINED = '4000000000000002';
export const SANDBOX_PATH = '/sandbox/checkout';

function sandboxId(prefix: string): string {
  // 192 random bits: the id alone authorises paying this session (the page is outside the CSRF-checked /api).
  return `${prefix}_sandbox_${randomBytes(24).toString('base64url')}`;
}

/** The hosted page lives on the origin the customer came from, which its return links carry. */
function pageOrigin(row: SandboxCheckoutRow, publicUrl: string): string {
  try {
    return new URL(row.successUrl).origin;
  } catch {
    return publicUrl;
  }
}

/** A sandbox slip still payable at the store at `now`: issued, not paid, not voided, before its deadline. */
export function sandboxSlipOpen(row: SandboxCheckoutRow, now: Date): boolean {
  return row.status === 'slip' && row.slip !== null && now.getTime() < Date.parse(row.slip.expiresAt);
}

export function toSandboxSession(row: SandboxCheckoutRow, now: Date, publicUrl: string): CheckoutSession {
  const expired = row.status === 'open' && now.getTime() >= row.expiresAt.getTime();
  // A session whose slip was issued is complete and unpaid, as Stripe's is: the slip is paid at the store or fails.
  const finished = row.status === 'complete' || row.status === 'slip' || row.status === 'void';
  const origin = pageOrigin(row, publicUrl);
  return {
    id: row.id,
    url: `${origin}${SANDBOX_PATH}/${row.id}`,
    status: finished ? 'complete' : expired || row.status === 'expired' ? 'expired' : 'open',
    paymentStatus: row.status === 'complete' ? 'paid' : 'unpaid',
    amount: row.amount,
    rsvno: row.rsvno,
    chargeId: row.chargeId,
    method: row.method,
    slip:
      row.slip && sandboxSlipOpen(row, now)
        ? {
            codes: [
              {
                store: row.slip.store,
                paymentCode: row.slip.paymentCode,
                confirmationNumber: row.slip.confirmationNumber,
              },
            ],
            expiresAt: new Date(row.slip.expiresAt),
            voucherUrl: `${origin}${SANDBOX_VOUCHER_PATH}/${row.id}`,
          }
        : null,
  };
}

/**
 * The offline stand-in for Stripe (DESIGN §6): sessions, charges and refunds live in its own tables, which
 * are its record as Stripe's are Stripe's, and it honours idempotency keys the way Stripe does.
 */
export function createSandboxProvider(ctx: AppContextBase): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckout(input, idempotencyKey) {
      const earlier = await findSandboxCheckoutByKey(ctx.db, idempotencyKey);
      if (earlier) return toSandboxSession(earlier, ctx.clock.now(), ctx.config.publicUrl);
      const id = sandboxId('cs');
      await insertSandboxCheckout(ctx.db, {
        idempotencyKey,
        id,
        rsvno: input.rsvno,
        name: input.name,
        amount: input.amount,
        customerEmail: input.customerEmail,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        expiresAt: input.expiresAt,
        methods: input.methods,
        konbiniDays: input.konbiniDays ?? null,
      });
      const row = await findSandboxCheckout(ctx.db, id);
      if (!row) throw new Error('sandbox checkout was not stored');
      return toSandboxSession(row, ctx.clock.now(), ctx.config.publicUrl);
    },
    async retrieveCheckout(id) {
      const row = await findSandboxCheckout(ctx.db, id);
      if (!row) throw new Error(`no sandbox checkout ${id}`);
      return toSandboxSession(row, ctx.clock.now(), ctx.config.publicUrl);
    },
    async refund(chargeId, amount, idempotencyKey) {
      if (!Number.isInteger(amount) || amount <= 0) throw new ProviderRefusal('sandbox refunds need a positive amount');
      // Called outside any transaction of ours (ADR 0101), so the sandbox books it on its own connection.
      const refund = await addSandboxRefund(ctx.db, { id: sandboxId('re'), chargeId, amount, idempotencyKey });
      if (!refund) throw new ProviderRefusal('the refund exceeds what is left of the charge');
      // As Stripe does for konbini: the customer is asked for a bank account to receive it (ADR 0213).
      const awaitingAccount = (await sandboxChargeMethod(ctx.db, chargeId)) === 'konbini';
      return { id: refund.id, amount: refund.amount, awaitingAccount };
    },
    async voidSlip(checkoutSessionId) {
      await voidSandboxSlip(ctx.db, checkoutSessionId);
    },
    parseWebhook() {
      throw new Error('the sandbox provider sends no webhooks');
    },
  };
}

export interface SandboxCard {
  number: string;
  expiry: string;
  cvc: string;
}

export type SandboxCardOutcome =
  | { kind: 'paid' }
  | { kind: 'declined'; message: string }
  | { kind: 'invalid'; message: string };

function expiryInFuture(expiry: string, now: Date): boolean {
  // 12/30, 12/2030, or 1230 as a phone keypad without 「/」 types it.
  const match = /^(?:(\d{1,2})\s*\/\s*(\d{2}|\d{4})|(\d{2})(\d{2}))$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1] ?? match[3]);
  const yy = match[2] ?? match[4] ?? '';
  const year = yy.length === 2 ? 2000 + Number(yy) : Number(yy);
  if (month < 1 || month > 12) return false;
  // A card is valid through the last day of its expiry month.
  return Date.UTC(year, month, 1) > now.getTime();
}

/**
 * Judges a card the way Stripe's test mode does for the two documented test numbers, saying why in the
 * checkout's language.
 */
export function judgeSandboxCard(card: SandboxCard, now: Date, lang: Lang = 'ja'): SandboxCardOutcome {
  const text = sandboxText(lang).card;
  const number = card.number.normalize('NFKC').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return { kind: 'invalid', message: text.number };
  if (!expiryInFuture(card.expiry.normalize('NFKC'), now)) return { kind: 'invalid', message: text.expiry };
  if (!/^\d{3,4}$/.test(card.cvc.normalize('NFKC').trim())) return { kind: 'invalid', message: text.cvc };
  if (number === SANDBOX_CARD_OK) return { kind: 'paid' };
  if (number === SANDBOX_CARD_DECLINED) return { kind: 'declined', message: text.declined };
  return { kind: 'declined', message: text.notTestCard };
}

/** Marks a sandbox session paid by a test card or an approved wallet; false when it was no longer open. */
export async function captureSandboxCheckout(
  ctx: AppContextBase,
  id: string,
  method: PaymentMethod = 'card',
): Promise<boolean> {
  return completeSandboxCheckout(ctx.db, id, sandboxId('ch'), method);
}

export async function recordSandboxDecline(ctx: AppContextBase, id: string, message: string): Promise<void> {
  await noteSandboxDecline(ctx.db, id, message);
}

export async function loadSandboxCheckout(ctx: AppContextBase, id: string): Promise<SandboxCheckoutRow | undefined> {
  if (!/^cs_sandbox_[A-Za-z0-9_-]{32}$/.test(id)) return undefined;
  return findSandboxCheckout(ctx.db, id);
}

/** Konbini in the sandbox (ADR 0213): numbers of the shape the stores use, drawn at random. */
function digits(n: number): string {
  let out = '';
  for (const byte of randomBytes(n)) out += String(byte % 10);
  return out;
}

/**
 * Issues the sandbox session's konbini slip for `store`, due at the end of the day (Tokyo) its `konbiniDays` reach;
 * false when the session was no longer open or offers no konbini.
 */
export async function issueSandboxKonbiniSlip(
  ctx: AppContextBase,
  row: SandboxCheckoutRow,
  store: KonbiniStore,
): Promise<boolean> {
  if (!row.methods.includes('konbini') || !row.konbiniDays) return false;
  const expiresAt = slipDeadline(ctx.clock.now(), row.konbiniDays);
  return issueSandboxSlip(ctx.db, row.id, {
    store,
    paymentCode: digits(store === 'familymart' ? 12 : 11),
    confirmationNumber: digits(store === 'familymart' ? 10 : 6),
    expiresAt: expiresAt.toISOString(),
  });
}

/** Pays the session's slip at the store (the sandbox's 店頭で支払う); false when it was not payable. */
export async function payAtStore(ctx: AppContextBase, row: SandboxCheckoutRow): Promise<boolean> {
  if (!sandboxSlipOpen(row, ctx.clock.now())) return false;
  return completeSandboxCheckout(ctx.db, row.id, sandboxId('ch'), 'konbini');
}
