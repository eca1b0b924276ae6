// @vitest-environment jsdom
/**
 * The sandbox checkout page on a phone (issue 24.11): a keypad has no 「/」, so the expiry takes 1230 as 12/30
 * while it is typed; a mistyped field is said before anything is sent, and no error empties the card fields.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKOUT_SCRIPT, CHECKOUT_SCRIPT_PATH, type CheckoutPageModel, checkoutPage } from './sandbox-page.ts';

// The server is type-checked without the DOM's types: the little of jsdom's DOM this file uses, typed here.
interface Field {
  value: string;
  getAttribute(name: string): string | null;
  dispatchEvent(event: object): boolean;
}
interface Form {
  querySelector(selector: string): { hidden: boolean; textContent: string | null };
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

describe('the sandbox checkout page (issue 24.11)', () => {
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
