// @vitest-environment jsdom
/**
 * The sandbox checkout page on a phone: a keypad has no 「/」, so the expiry takes 1230 as 12/30
 * while it is typed; a mistyped field is said before anything is sent, and no error empties the card fields.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHECKOUT_SCRIPT,
  CHECKOUT_SCRIPT_PATH,
  type CheckoutPageModel,
  checkoutPage,
  notFoundPage,
  sandboxText,
} from './sandbox-page.ts';

// The server is type-checked without the DOM's types: the little of jsdom's DOM this file uses, typed here.
interface Field {
  value: string;
  getAttribute(name: string): string | null;
  dispatchEvent(event: object): boolean;
}
interface Form {
  querySelector(selector: string): { hidden: boolean; textContent: string | null };
  getAttribute(name: string): string | null;
  dispatchEvent(event: object): boolean;
}
interface Doc {
  documentElement: { innerHTML: string };
  getElementById(id: string): unknown;
  querySelector(selector: string): unknown;
  activeElement: unknown;
}
const dom = globalThis as unknown as {
  document: Doc;
  DOMParser: new () => { parseFromString(html: string, type: string): Doc };
  InputEvent: new (type: string, init: object) => object;
  Event: new (type: string, init: object) => { defaultPrevented: boolean };
  FormData: new (form: Form) => { get(name: string): unknown };
};
const parse = (html: string) => new dom.DOMParser().parseFromString(html, 'text/html');

const base: CheckoutPageModel = {
  id: 'cs_sandbox_abcdefghijklmnopqrstuvwxyz012345',
  name: '東京湾クルーズ',
  amount: 20000,
  email: 'taro@example.jp',
  cancelUrl: '/reservation/complete?processing=failed',
  successUrl: '/reservation/complete?processing=success',
  state: 'open',
};

/** The page as the browser builds it, with its script run (as `defer` runs it once the document is parsed). */
function open(model: Partial<CheckoutPageModel> = {}) {
  const html = checkoutPage({ ...base, script: true, ...model });
  dom.document.documentElement.innerHTML = parse(html).documentElement.innerHTML;
  new Function(CHECKOUT_SCRIPT)();
  const field = (id: string) => dom.document.getElementById(id) as Field;
  return {
    form: dom.document.querySelector('form') as Form,
    number: field('card-number'),
    expiry: field('card-expiry'),
    cvc: field('card-cvc'),
  };
}

/** Keys pressed one by one, as a phone keypad sends them (the caret at the end). */
function type(input: Field, keys: string) {
  for (const key of keys) {
    input.value += key;
    input.dispatchEvent(new dom.InputEvent('input', { bubbles: true, inputType: 'insertText', data: key }));
  }
}

function submit(form: Form): boolean {
  const event = new dom.Event('submit', { bubbles: true, cancelable: true });
  form.dispatchEvent(event);
  return !event.defaultPrevented;
}

afterEach(() => {
  dom.document.documentElement.innerHTML = '';
});

describe('the sandbox checkout page', () => {
  it('loads its script from our own origin only when it is served, and says what the expiry accepts', () => {
    const html = checkoutPage({ ...base, script: true });
    expect(html).toContain(`<script src="${CHECKOUT_SCRIPT_PATH}" defer></script>`);
    expect(html).not.toMatch(/<script>(?!<)/);
    expect(html).toContain('数字だけでも入力できます（例：1230）。');
    expect(html).toMatch(/id="card-expiry"[^>]*inputmode="numeric"/);
    const plain = checkoutPage(base);
    expect(plain).not.toContain('<script');
    expect(plain).not.toContain('数字だけでも入力できます');
  });

  it.each([
    ['1230', '12/30'],
    ['12/30', '12/30'],
    ['0130', '01/30'],
    ['430', '04/30'],
    ['1/30', '01/30'],
    ['12//30', '12/30'],
    ['12/2030', '12/2030'],
    ['１２３０', '12/30'],
  ])('turns %s typed on a keypad into %s', (keys, shown) => {
    const { expiry } = open();
    type(expiry, keys);
    expect(expiry.value).toBe(shown);
  });

  it('inserts the slash as soon as the month is complete, and leaves a deletion alone', () => {
    const { expiry } = open();
    type(expiry, '1');
    expect(expiry.value).toBe('1');
    type(expiry, '2');
    expect(expiry.value).toBe('12/');
    expiry.value = '12';
    expiry.dispatchEvent(new dom.InputEvent('input', { bubbles: true, inputType: 'deleteContentBackward' }));
    expect(expiry.value).toBe('12');
    type(expiry, '3');
    expect(expiry.value).toBe('12/3');
  });

  it('groups the card number by four as it is typed', () => {
    const { number } = open();
    type(number, '4242424242424242');
    expect(number.value).toBe('4242 4242 4242 4242');
  });

  it('says a mistyped field before sending, and keeps every card field as typed', () => {
    const { form, number, expiry, cvc } = open();
    type(number, '4242424242424242');
    type(expiry, '1320');
    type(cvc, '123');
    expect(submit(form)).toBe(false);
    const alert = form.querySelector('[data-field-error]');
    expect(alert.hidden).toBe(false);
    expect(alert.textContent).toBe('有効期限を「月/年」（例：12/30）の形式で、期限内の日付を入力してください。');
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    expect(dom.document.activeElement).toBe(expiry);
    expect([number.value, expiry.value, cvc.value]).toEqual(['4242 4242 4242 4242', '13/20', '123']);

    expiry.value = '';
    type(expiry, '1230');
    expect(submit(form)).toBe(true);
    expect(new dom.FormData(form).get('expiry')).toBe('12/30');
  });

  it('shows the fields typed again with a refusal from the server', () => {
    const html = checkoutPage({
      ...base,
      error: { title: 'お支払いができませんでした', message: 'カードが承認されませんでした。' },
      values: { number: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' },
    });
    const doc = parse(html);
    const value = (id: string) => (doc.getElementById(id) as Field).value;
    expect([value('card-number'), value('card-expiry'), value('card-cvc')]).toEqual([
      '4000 0000 0000 0002',
      '12/30',
      '123',
    ]);
    expect(checkoutPage({ ...base, values: { number: '"><script>x</script>' } })).not.toContain('<script>x');
  });
});

const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

describe("the sandbox checkout page in the checkout's language", () => {
  const en = sandboxText('en');
  const pages = (lang: 'ja' | 'en') => [
    checkoutPage({ ...base, lang, script: true }),
    checkoutPage({ ...base, lang }),
    checkoutPage({ ...base, lang, script: true, error: { title: en.card.declinedTitle, message: en.card.declined } }),
    checkoutPage({ ...base, lang, state: 'complete' }),
    checkoutPage({ ...base, lang, state: 'expired' }),
  ];

  it("writes the English page in English only, but for the option's own name", () => {
    for (const html of pages('en')) {
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<span class="brand">Sakura Travel online payment</span>');
      expect(html).toContain('<span class="badge">Test mode</span>');
      expect(html).toContain(' | Sakura Travel</title>');
      expect(html).toContain('<h1 id="summary-title">Amount to pay</h1>');
      expect(html).toContain('<p class="amount">¥20,000<small>tax included</small></p>');
      expect(html).toContain('<dd>東京湾クルーズ</dd>');
      expect(html).not.toContain('￥');
      expect(html.replaceAll(base.name, '')).not.toMatch(JAPANESE);
    }
    const [open, , refused, complete, expired] = pages('en');
    expect(open).toContain('<h2 id="card-title">Card details</h2>');
    expect(open).toContain('<label for="card-number">Card number</label>');
    expect(open).toContain('<label for="card-expiry">Expiry (MM/YY)</label>');
    expect(open).toContain('<label for="card-cvc">Security code</label>');
    expect(open).toContain('<button class="pay" type="submit">Pay ¥20,000</button>');
    expect(open).toContain('>Cancel</a>');
    expect(open).toContain('You can type the digits only (e.g. 1230).');
    expect(refused).toContain('Your card was declined.');
    expect(refused).toContain('>Cancel payment and go back</a>');
    expect(complete).toContain('<title>Payment complete | Sakura Travel</title>');
    expect(expired).toContain('<h2>This payment page has expired</h2>');
  });

  it("gives the script the field messages in the page's language, and the script says them", () => {
    const doc = parse(checkoutPage({ ...base, lang: 'en', script: true }));
    const form = doc.querySelector('form[data-checkout]') as Form;
    expect(form.getAttribute('data-msg-number')).toBe(en.card.number);
    expect(form.getAttribute('data-msg-expiry')).toBe(en.card.expiry);
    expect(form.getAttribute('data-msg-cvc')).toBe(en.card.cvc);
    expect(CHECKOUT_SCRIPT).not.toMatch(JAPANESE);

    const page = open({ lang: 'en' });
    type(page.number, '4242');
    expect(submit(page.form)).toBe(false);
    expect(page.form.querySelector('[data-field-error]').textContent).toBe('Your card number is invalid.');
    type(page.number, '424242424242');
    type(page.expiry, '1230');
    type(page.cvc, '12');
    expect(submit(page.form)).toBe(false);
    expect(page.form.querySelector('[data-field-error]').textContent).toBe(en.card.cvc);
  });

  it('keeps the Japanese page as it was, the default without a language', () => {
    const [open] = pages('ja');
    expect(checkoutPage({ ...base, script: true })).toBe(open);
    expect(open).toContain('<html lang="ja">');
    expect(open).toContain('<title>お支払い｜さくらトラベル</title>');
    expect(open).toContain(
      '<span class="brand">さくらトラベル オンライン決済</span><span class="badge">テスト環境</span>',
    );
    expect(open).toContain('<p class="amount">￥20,000<small>（税込）</small></p>');
    expect(open).toContain('<div><dt>商品</dt><dd>東京湾クルーズ</dd></div>');
    expect(open).toContain('<h2 id="card-title">カード情報の入力</h2>');
    expect(open).toContain('<label for="card-expiry">有効期限（月/年）</label>');
    expect(open).toContain('<button class="pay" type="submit">￥20,000 を支払う</button>');
    expect(open).toContain('<span class="mono">4242 4242 4242 4242</span>：決済成功</li>');
    expect(open).toContain(
      'data-msg-expiry="有効期限を「月/年」（例：12/30）の形式で、期限内の日付を入力してください。"',
    );
    expect(open).toContain(
      '<footer class="foot">この画面はテスト用の決済画面です。実際の請求は発生しません。</footer>',
    );
    expect(open).not.toMatch(/Sakura|Pay ¥|Card details/);
  });

  it('answers an unknown session in Japanese with the English under it', () => {
    const html = notFoundPage();
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('<h2>決済画面が見つかりません</h2>');
    expect(html).toContain('<section class="panel done" lang="en"><h2>Payment page not found</h2>');
    expect(html).toContain('<a class="link-btn" href="/en/">Go to the home page</a>');
  });
});
