/**
 * The sandbox's hosted checkout page: self-contained HTML with inline CSS, in the checkout's language
 * (the page's the customer pays from). It works without script (the CSP forbids inline
 * script); served with CHECKOUT_SCRIPT at CHECKOUT_SCRIPT_PATH (`script: true`), it also formats what is typed —
 * the slash of the expiry inserted as the digits come (a phone keypad has no 「/」), the card number grouped by
 * four — and says a mistyped field before sending, so the card fields are never emptied.
 */

import { KONBINI_STORES, type PaymentMethod } from '@tabi/contract/constants';
import { formatTokyoDateTime } from '@tabi/contract/dates';
import { formatYen } from '@tabi/contract/format';
import { escapeHtml } from '@tabi/contract/html';
import { type Lang, pathInLang } from '@tabi/contract/i18n';
import { formattersOf } from '../../i18n/formatter.ts';
import type { MessageParams } from '../../i18n/message-params.gen.ts';
import en from '../../messages/en/sandbox.json' with { type: 'json' };
import ja from '../../messages/ja/sandbox.json' with { type: 'json' };
import ko from '../../messages/ko/sandbox.json' with { type: 'json' };
import zhHans from '../../messages/zh-Hans/sandbox.json' with { type: 'json' };
import zhHant from '../../messages/zh-Hant/sandbox.json' with { type: 'json' };
import type { SandboxSlip } from './schema.ts';

/** Where a sandbox slip is shown, as Stripe's hosted voucher shows one (ADR 0213). */
export const SANDBOX_VOUCHER_PATH = '/sandbox/konbini';

type SandboxParams = MessageParams['sandbox'];
type CardKey<K> = K extends `card.${infer Field}` ? Field : never;

/** Every text of the page in one language: its catalog's messages, the card's answers grouped. */
export type SandboxText = {
  [K in Exclude<keyof SandboxParams, 'pay' | 'payWith' | `card.${string}`>]: string;
} & {
  pay(amount: string): string;
  payWith(method: string): string;
  card: Record<CardKey<keyof SandboxParams>, string>;
};

const formatIn = formattersOf({ ja, en, ko, 'zh-Hant': zhHant, 'zh-Hans': zhHans });
const texts = new Map<Lang, SandboxText>();

/** The page's texts in a language (apps/server/src/messages/<lang>/sandbox.json). */
export function sandboxText(lang: Lang): SandboxText {
  let text = texts.get(lang);
  if (!text) {
    const t = formatIn(lang);
    const card: Record<string, string> = {};
    const plain: Record<string, string> = {};
    for (const key of Object.keys(ja)) {
      if (key.startsWith('card.')) card[key.slice('card.'.length)] = t(key);
      else if (key !== 'pay' && key !== 'payWith') plain[key] = t(key);
    }
    text = {
      ...plain,
      card,
      pay: (amount: string) => t('pay', { amount }),
      payWith: (method: string) => t('payWith', { method }),
    } as SandboxText;
    texts.set(lang, text);
  }
  return text;
}

export interface CheckoutPageModel {
  id: string;
  name: string;
  amount: number;
  email: string;
  cancelUrl: string;
  successUrl: string;
  state: 'open' | 'complete' | 'expired';
  /** Shown above the form: a decline or an input problem. */
  error?: { title: string; message: string } | undefined;
  /** What was typed, shown again with an error (a refused card never empties the form). */
  values?: Partial<Record<CardField, string>> | undefined;
  /** The page's script is served at CHECKOUT_SCRIPT_PATH: load it (and say what it accepts). */
  script?: boolean | undefined;
  /** The checkout's language (provider.ts checkoutLang); Japanese when not given. */
  lang?: Lang | undefined;
  /** The ways it offers (ADR 0211); card alone when not given. */
  methods?: readonly PaymentMethod[] | undefined;
}

/** A method's name on the page, in its language. */
export function methodName(method: PaymentMethod, lang: Lang): string {
  return sandboxText(lang)[`method.${method}`];
}

/** Where a wallet's stand-in page is (ADR 0211): its app's approval, emulated. */
export function walletPath(id: string, method: PaymentMethod): string {
  return `/sandbox/checkout/${id}/pay/${method}`;
}

export type CardField = 'number' | 'expiry' | 'cvc';

/** Where the route serves CHECKOUT_SCRIPT (same origin: the CSP's `script-src 'self'` allows it). */
export const CHECKOUT_SCRIPT_PATH = '/sandbox/checkout.js';

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;background:linear-gradient(180deg,#eef3f8 0%,#f7f9fb 60%);color:#1f2933;
font-family:-apple-system,BlinkMacSystemFont,"Hiragino Sans","Hiragino Kaku Gothic ProN","Noto Sans JP","Yu Gothic UI","Meiryo",sans-serif;
line-height:1.6;font-size:16px}
.wrap{max-width:960px;margin:0 auto;padding:24px 16px 48px}
.top{display:flex;align-items:center;justify-content:space-between;gap:12px;margin-bottom:20px}
.brand{font-weight:700;font-size:1.05rem;color:#12355b;letter-spacing:.02em}
.badge{display:inline-block;font-size:.75rem;font-weight:700;color:#8a4b00;background:#fff3d6;border:1px solid #f3c969;
border-radius:999px;padding:2px 10px}
.grid{display:grid;gap:20px}
@media (min-width:800px){.grid{grid-template-columns:1fr 1.15fr;align-items:start}.wrap{padding-top:48px}}
.panel{background:#fff;border-radius:14px;box-shadow:0 1px 2px rgba(16,42,67,.06),0 8px 24px rgba(16,42,67,.08);padding:24px}
.summary h1{font-size:.95rem;font-weight:600;color:#52606d;margin:0 0 6px}
.amount{font-size:2.1rem;font-weight:700;letter-spacing:.01em;margin:0 0 16px;color:#102a43}
.amount small{font-size:.85rem;font-weight:500;color:#52606d;margin-left:6px}
dl{margin:0;display:grid;gap:10px}
dt{font-size:.8rem;color:#486581}
dd{margin:0;font-weight:600;word-break:break-word}
h2{font-size:1.1rem;margin:0 0 16px;color:#102a43}
.field{margin-bottom:16px}
label{display:block;font-size:.9rem;font-weight:600;margin-bottom:6px;color:#243b53}
input{width:100%;font:inherit;font-size:1.05rem;padding:12px 14px;border:1px solid #bcccdc;border-radius:10px;background:#fff;color:#102a43}
input:focus{outline:3px solid rgba(38,110,201,.35);border-color:#266ec9}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.pay{display:block;width:100%;border:0;border-radius:10px;padding:14px 16px;font:inherit;font-size:1.05rem;font-weight:700;
color:#fff;background:#1d64c0;cursor:pointer;margin-top:8px}
.pay:hover{background:#17539f}
.pay:focus-visible{outline:3px solid #f0b429;outline-offset:2px}
.cancel{display:block;text-align:center;margin-top:14px;color:#1d64c0;font-weight:600}
.cancel:focus-visible{outline:3px solid #f0b429;outline-offset:2px}
.alert{border-radius:10px;padding:12px 14px;margin-bottom:16px;border:1px solid #f5a3a3;background:#fff1f1;color:#8a1c1c}
.alert strong{display:block;margin-bottom:2px}
.alert a{color:#8a1c1c;font-weight:700}
.hint{margin:6px 0 0;font-size:.8rem;color:#52606d}
input[aria-invalid="true"]{border-color:#c53030;outline-color:rgba(197,48,48,.35)}
.notice{border-radius:10px;padding:12px 14px;margin-top:20px;background:#f0f4f8;color:#334e68;font-size:.85rem}
.notice p{margin:0 0 6px}
.notice ul{margin:0;padding-left:1.2em}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;letter-spacing:.04em}
.done{text-align:center}
.done p{margin:0 0 16px}
.link-btn{display:inline-block;border-radius:10px;padding:12px 20px;font-weight:700;color:#fff;background:#1d64c0;text-decoration:none}
.foot{margin-top:28px;text-align:center;font-size:.8rem;color:#486581;text-wrap:balance}
.others{margin-top:24px;padding-top:18px;border-top:1px solid #d9e2ec}
.others h3{font-size:1rem;margin:0 0 12px;color:#102a43}
.methods{list-style:none;margin:0;padding:0;display:grid;gap:10px}
.method{display:block;text-align:center;border:2px solid #1d64c0;border-radius:10px;padding:12px 16px;font-weight:700;
color:#1d64c0;background:#fff;text-decoration:none}
.method:hover{background:#eef4fc}
.method:focus-visible,.refuse:focus-visible{outline:3px solid #f0b429;outline-offset:2px}
.stores{border:0;margin:0 0 8px;padding:0;display:grid;gap:8px}
.stores legend{font-weight:600;margin-bottom:6px}
.store{display:flex;align-items:center;gap:10px;border:1px solid #bcccdc;border-radius:10px;padding:12px 14px;font-weight:600;margin:0}
.store input{width:auto}
.code{font-size:1.4rem;font-weight:700}
.refuse{display:block;width:100%;border:2px solid #bcccdc;border-radius:10px;padding:12px 16px;font:inherit;font-weight:700;
color:#334e68;background:#fff;cursor:pointer;margin-top:12px}
`;

function layout(lang: Lang, title: string, body: string, script = false): string {
  const text = sandboxText(lang);
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}${escapeHtml(text.titleSuffix)}</title>
<style>${STYLE}</style>
${script ? `<script src="${CHECKOUT_SCRIPT_PATH}" defer></script>\n` : ''}</head>
<body>
<div class="wrap">
<header class="top"><span class="brand">${escapeHtml(text.brand)}</span><span class="badge">${escapeHtml(text.badge)}</span></header>
<main>
${body}
</main>
<footer class="foot">${escapeHtml(text.footer)}</footer>
</div>
</body>
</html>`;
}

function summary(model: CheckoutPageModel, lang: Lang): string {
  const text = sandboxText(lang);
  return `<section class="panel summary" aria-labelledby="summary-title">
<h1 id="summary-title">${escapeHtml(text.amountHeading)}</h1>
<p class="amount">${escapeHtml(formatYen(model.amount, lang))}<small>${escapeHtml(text.taxIncluded)}</small></p>
<dl>
<div><dt>${escapeHtml(text.item)}</dt><dd>${escapeHtml(model.name)}</dd></div>
<div><dt>${escapeHtml(text.email)}</dt><dd>${escapeHtml(model.email)}</dd></div>
</dl>
</section>`;
}

export function checkoutPage(model: CheckoutPageModel): string {
  const lang = model.lang ?? 'ja';
  const text = sandboxText(lang);
  const t = (key: Exclude<keyof typeof text, 'pay' | 'payWith' | 'card'>) => escapeHtml(text[key]);
  if (model.state === 'complete') {
    return layout(
      lang,
      text.completeTitle,
      `<div class="grid">${summary(model, lang)}<section class="panel done"><h2>${t('completeHeading')}</h2>
<p>${t('completeText')}</p>
<a class="link-btn" href="${escapeHtml(model.successUrl)}">${t('completeLink')}</a></section></div>`,
    );
  }
  if (model.state === 'expired') {
    return layout(
      lang,
      text.expiredTitle,
      `<div class="grid">${summary(model, lang)}<section class="panel done"><h2>${t('expiredHeading')}</h2>
<p>${t('expiredText')}</p>
<a class="link-btn" href="${escapeHtml(model.cancelUrl)}">${t('expiredLink')}</a></section></div>`,
    );
  }
  const error = model.error
    ? `<div class="alert" role="alert"><strong>${escapeHtml(model.error.title)}</strong>${escapeHtml(model.error.message)}
<br><a href="${escapeHtml(model.cancelUrl)}">${t('abandon')}</a></div>`
    : '';
  const value = (field: CardField) => escapeHtml(model.values?.[field] ?? '');
  // The formatting is the script's: without it, the hint would promise what the form does not do.
  const expiryHint = model.script ? `<p id="card-expiry-hint" class="hint">${t('expiryHint')}</p>` : '';
  // The script is one static file for both languages: it says the field problems given here.
  const messages = (['number', 'expiry', 'cvc'] as const)
    .map((field) => ` data-msg-${field}="${escapeHtml(text.card[field])}"`)
    .join('');
  const methods = model.methods ?? ['card'];
  const card = methods.includes('card');
  const cardForm = `<form method="post" action="/sandbox/checkout/${escapeHtml(model.id)}" novalidate data-checkout${messages}>
<div class="alert" role="alert" data-field-error hidden></div>
<div class="field"><label for="card-number">${t('cardNumber')}</label>
<input id="card-number" name="number" class="mono" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" value="${value('number')}" required></div>
<div class="row">
<div class="field"><label for="card-expiry">${t('expiry')}</label>
<input id="card-expiry" name="expiry" class="mono" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7" value="${value('expiry')}"${model.script ? ' aria-describedby="card-expiry-hint"' : ''} required>${expiryHint}</div>
<div class="field"><label for="card-cvc">${t('cvc')}</label>
<input id="card-cvc" name="cvc" class="mono" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" value="${value('cvc')}" required></div>
</div>
<button class="pay" type="submit">${escapeHtml(text.pay(formatYen(model.amount, lang)))}</button>
</form>`;
  // The wallets: each a link to its app's stand-in page, which works without script too.
  const wallets = methods.filter((m) => m !== 'card');
  const others =
    wallets.length === 0
      ? ''
      : `<div class="others">${card ? `<h3>${t('otherMethods')}</h3>` : ''}<ul class="methods">${wallets
          .map(
            (m) =>
              `<li><a class="method" href="${escapeHtml(walletPath(model.id, m))}">${escapeHtml(text.payWith(methodName(m, lang)))}</a></li>`,
          )
          .join('')}</ul></div>`;
  const form = `<section class="panel" aria-labelledby="card-title">
<h2 id="card-title">${card ? t('cardTitle') : t('formTitle')}</h2>
${error}
${card ? cardForm : ''}${others}
<a class="cancel" href="${escapeHtml(model.cancelUrl)}">${t('cancel')}</a>
${
  card
    ? `<div class="notice"><p>${t('testCards')}</p>
<ul><li><span class="mono">4242 4242 4242 4242</span>${t('colon')}${t('testCardPaid')}</li><li><span class="mono">4000 0000 0000 0002</span>${t('colon')}${t('testCardDeclined')}</li></ul></div>`
    : ''
}
</section>`;
  return layout(lang, text.formTitle, `<div class="grid">${summary(model, lang)}${form}</div>`, model.script === true);
}

/**
 * A wallet's stand-in (ADR 0211): where PayPay, Alipay or WeChat Pay would show their app's approval, the sandbox asks
 * the customer to approve or not, in the checkout's language; approving pays the session, not approving goes back to
 * the checkout with why. Open sessions only: the routes show the checkout page for the others.
 */
export function walletPage(model: CheckoutPageModel, method: PaymentMethod): string {
  const lang = model.lang ?? 'ja';
  const text = sandboxText(lang);
  const name = escapeHtml(methodName(method, lang));
  return layout(
    lang,
    methodName(method, lang),
    `<div class="grid">${summary(model, lang)}<section class="panel" aria-labelledby="wallet-title">
<h2 id="wallet-title">${name}</h2>
<p>${escapeHtml(text.walletLead)}</p>
<form method="post" action="${escapeHtml(walletPath(model.id, method))}">
<button class="pay" type="submit" name="decision" value="approve">${escapeHtml(text.approve)}</button>
<button class="refuse" type="submit" name="decision" value="refuse">${escapeHtml(text.refuse)}</button>
</form>
</section></div>`,
  );
}

/**
 * コンビニ決済's stand-in (ADR 0213): the store is chosen and a slip issued, as Stripe's page does; the slip is then
 * paid at the store (the voucher page's sandbox-only button), or lapses.
 */
export function konbiniPage(model: CheckoutPageModel): string {
  const lang = model.lang ?? 'ja';
  const text = sandboxText(lang);
  const stores = KONBINI_STORES.map(
    (store, i) =>
      `<label class="store"><input type="radio" name="store" value="${store}"${i === 0 ? ' checked' : ''}> ${escapeHtml(text[`konbiniStore.${store}`])}</label>`,
  ).join('');
  return layout(
    lang,
    methodName('konbini', lang),
    `<div class="grid">${summary(model, lang)}<section class="panel" aria-labelledby="konbini-title">
<h2 id="konbini-title">${escapeHtml(methodName('konbini', lang))}</h2>
<p>${escapeHtml(text.konbiniLead)}</p>
<form method="post" action="${escapeHtml(walletPath(model.id, 'konbini'))}">
<fieldset class="stores"><legend>${escapeHtml(text.konbiniStore)}</legend>${stores}</fieldset>
<button class="pay" type="submit" name="decision" value="approve">${escapeHtml(text.konbiniIssue)}</button>
<button class="refuse" type="submit" name="decision" value="refuse">${escapeHtml(text.konbiniBack)}</button>
</form>
</section></div>`,
  );
}

export interface VoucherModel {
  id: string;
  name: string;
  amount: number;
  email: string;
  lang: Lang;
  /** open: payable at the store; paid: just paid; closed: past its deadline or voided. */
  state: 'open' | 'paid' | 'closed';
  slip: SandboxSlip;
  /** The site's page to go back to (my page). */
  backUrl: string;
}

/** The sandbox's slip (Stripe's hosted voucher): the numbers, the deadline, and 店頭で支払う（テスト）. */
export function voucherPage(model: VoucherModel): string {
  const { lang, slip } = model;
  const text = sandboxText(lang);
  const row = (label: string, value: string, mono = false) =>
    `<div><dt>${escapeHtml(label)}</dt><dd${mono ? ' class="mono code"' : ''}>${escapeHtml(value)}</dd></div>`;
  const facts = `<dl>${row(text.konbiniStore, text[`konbiniStore.${slip.store}`])}${row(text.konbiniPaymentCode, slip.paymentCode, true)}${row(
    text.konbiniConfirmation,
    slip.confirmationNumber,
    true,
  )}${row(text.konbiniDeadline, formatTokyoDateTime(slip.expiresAt, lang))}</dl>`;
  const action =
    model.state === 'open'
      ? `<p>${escapeHtml(text.voucherHowTo)}</p>
<form method="post" action="${SANDBOX_VOUCHER_PATH}/${escapeHtml(model.id)}">
<button class="pay" type="submit">${escapeHtml(text.payAtStore)}</button></form>
<p class="hint">${escapeHtml(text.payAtStoreNote)}</p>`
      : `<p role="status">${escapeHtml(model.state === 'paid' ? text.voucherPaid : text.voucherClosed)}</p>`;
  return layout(
    lang,
    text.voucherTitle,
    `<div class="grid">${summary({ ...model, successUrl: '', cancelUrl: '', state: 'open' }, lang)}<section class="panel" aria-labelledby="voucher-title">
<h2 id="voucher-title">${escapeHtml(text.voucherTitle)}</h2>
${facts}
${action}
<a class="cancel" href="${escapeHtml(model.backUrl)}">${escapeHtml(text.backToSite)}</a>
</section></div>`,
  );
}

/**
 * An unknown session has no language of its own: the page is Japanese, the site's default, with the same
 * words in English under it for a customer of the English pages.
 */
export function notFoundPage(): string {
  const panel = (lang: Lang) => {
    const text = sandboxText(lang);
    return `<h2>${escapeHtml(text.notFoundTitle)}</h2><p>${escapeHtml(text.notFoundText)}</p>
<a class="link-btn" href="${pathInLang('/', lang)}">${escapeHtml(text.notFoundLink)}</a>`;
  };
  return layout(
    'ja',
    sandboxText('ja').notFoundTitle,
    `<div class="grid"><section class="panel done">${panel('ja')}</section>
<section class="panel done" lang="en">${panel('en')}</section></div>`,
  );
}

/**
 * The checkout page's script (served at CHECKOUT_SCRIPT_PATH; plain ES2017, no module, no network):
 * - expiry: digits become MM/YY as they are typed or pasted — 1230 → 12/30, a lone 4 → 04/, a typed 「/」 kept
 *   once, 1/30 → 01/30; a deletion is left as it is;
 * - card number: digits grouped by four;
 * - on 支払う (Pay): the card number, expiry and security code checked as the sandbox checks them; a mistake is
 *   said above the form with the field marked and focused, and nothing is sent or emptied.
 * The messages are the sandbox's own (sandboxText(lang).card, as sandbox.ts judgeSandboxCard says them), read from
 * the form's data-msg-number, data-msg-expiry and data-msg-cvc: one static script serves both languages.
 */
export const CHECKOUT_SCRIPT = `(() => {
  'use strict';
  const form = document.querySelector('form[data-checkout]');
  if (!form) return;
  const number = form.querySelector('#card-number');
  const expiry = form.querySelector('#card-expiry');
  const cvc = form.querySelector('#card-cvc');
  const box = form.querySelector('[data-field-error]');
  const message = (field) => form.getAttribute('data-msg-' + field) || '';
  const digits = (text) => text.normalize('NFKC').replace(/\\D/g, '');

  const formatExpiry = (raw) => {
    const text = raw.normalize('NFKC');
    const slash = text.indexOf('/');
    let month;
    let year;
    if (slash >= 0) {
      month = digits(text.slice(0, slash)).slice(0, 2);
      year = digits(text.slice(slash + 1)).slice(0, 4);
      if (month.length === 1 && month !== '0') month = '0' + month;
    } else {
      const d = digits(text);
      if (d.length === 1 && d > '1') return '0' + d + '/';
      month = d.slice(0, 2);
      year = d.slice(2, 6);
      if (month.length < 2) return month;
    }
    if (year === '' && month.length < 2) return month;
    return month + '/' + year;
  };
  const formatNumber = (raw) => (digits(raw).slice(0, 19).match(/\\d{1,4}/g) || []).join(' ');

  const follow = (input, format) => {
    input.addEventListener('input', (event) => {
      // Deleting, or typing in the middle (the caret would jump), is left alone; the value is formatted when sent.
      const deleting = typeof event.inputType === 'string' && event.inputType.startsWith('delete');
      const atEnd = input.selectionStart === null || input.selectionStart === input.value.length;
      if (deleting || !atEnd) return;
      const next = format(input.value);
      if (next !== input.value) input.value = next;
    });
  };
  follow(expiry, formatExpiry);
  follow(number, formatNumber);

  const expiryProblem = (value) => {
    const match = /^(\\d{2})\\/(\\d{2}|\\d{4})$/.exec(value);
    if (!match) return true;
    const month = Number(match[1]);
    const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
    return month < 1 || month > 12 || Date.UTC(year, month, 1) <= Date.now();
  };
  const say = (input, message) => {
    for (const field of [number, expiry, cvc]) field.removeAttribute('aria-invalid');
    box.textContent = message;
    box.hidden = false;
    input.setAttribute('aria-invalid', 'true');
    input.focus();
  };

  form.addEventListener('submit', (event) => {
    number.value = formatNumber(number.value);
    expiry.value = formatExpiry(expiry.value);
    const card = digits(number.value);
    let problem = null;
    if (card.length < 12 || card.length > 19) problem = [number, message('number')];
    else if (expiryProblem(expiry.value)) problem = [expiry, message('expiry')];
    else if (!/^\\d{3,4}$/.test(digits(cvc.value)) || digits(cvc.value) !== cvc.value.normalize('NFKC').trim())
      problem = [cvc, message('cvc')];
    if (problem) {
      event.preventDefault();
      say(problem[0], problem[1]);
    }
  });
})();
`;
