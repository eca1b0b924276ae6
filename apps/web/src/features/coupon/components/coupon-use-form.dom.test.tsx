import { ErrCd } from '@tabi/contract/constants';
import type { CouponOption } from '@tabi/contract/coupon';
import { Msg } from '@tabi/contract/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { stubApi } from '../../../test/api-server.ts';
import { CouponUseForm, type Redeemed } from './coupon-use-form.tsx';

const coupon: CouponOption = {
  opcd: 'OP0011',
  pkcd: 'PK0001',
  webname: '温泉クーポン',
  usedate: '20261201',
  image: '',
  introduction: '',
  contents: '',
  optionattention: '',
  companyname: '',
  hours: '',
  tel: '',
  address: '',
  companyattention: '',
  lat: null,
  lon: null,
  paxadultqty: 3,
  adultqty: 2,
  paxchildqty: 1,
  childqty: 1,
};

type Sent = { adultqty: string; childqty: string; usekey: string; idempotency_key: string };
let sent: Sent[];
let answers: (() => Response)[];
let alerts: string[];
let used: Redeemed[];

beforeEach(() => {
  sent = [];
  alerts = [];
  used = [];
  window.history.replaceState(null, '', '/login');
  useAuthStore.setState({ isLogin: true, sessionId: 'session', rsvno: 'AA100010' });
  vi.spyOn(window, 'alert').mockImplementation((message?: unknown) => {
    alerts.push(String(message));
  });
  stubApi(({ body }) => {
    sent.push(body as Sent);
    const next = answers.shift();
    if (!next) throw new Error('no answer left');
    return next();
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ok = () => HttpResponse.json({ errcd: ErrCd.success, errMsg: '', response: null });
const refused = () =>
  HttpResponse.json({ errcd: ErrCd.generic, errMsg: Msg.couponPinWrong, response: null }, { status: 422 });
// The answer never arrives: fetch itself fails, as on a lost connection.
const lost = () => Response.error();

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CouponUseForm coupon={coupon} opcd={coupon.opcd} pkcd={coupon.pkcd} onUsed={(r) => used.push(r)} />
    </QueryClientProvider>,
  );
}

describe('coupon use form', () => {
  it('sends the chosen quantities and the PIN, and reports the use', async () => {
    answers = [ok];
    const user = userEvent.setup();
    renderForm();
    const submit = screen.getByRole('button', { name: '使用する' });
    expect(submit).toHaveProperty('disabled', true);
    expect(screen.getByRole('combobox', { name: '大人' })).toHaveProperty('value', '1');
    await user.selectOptions(screen.getByRole('combobox', { name: '大人' }), '2枚');
    await user.selectOptions(screen.getByRole('combobox', { name: '小人' }), '1枚');
    await user.type(screen.getByLabelText('暗証番号'), ' 1234 ');
    await user.click(submit);
    await waitFor(() => expect(used).toEqual([{ adult: 2, child: 1 }]));
    expect(sent).toMatchObject([{ adultqty: '2', childqty: '1', usekey: '1234' }]);
  });

  it('alerts a refusal and clears the PIN; keeps the key after a lost answer, and makes a new one after a change', async () => {
    answers = [lost, refused, refused];
    const user = userEvent.setup();
    renderForm();
    const pin = screen.getByLabelText('暗証番号');
    await user.type(pin, '9999');
    await user.click(screen.getByRole('button', { name: '使用する' }));
    await waitFor(() => expect(alerts).toEqual([Msg.networkError]));

    // The same attempt again: the server can tell it is a retry.
    await user.click(screen.getByRole('button', { name: '使用する' }));
    await waitFor(() => expect(alerts).toEqual([Msg.networkError, Msg.couponPinWrong]));
    expect(sent[1]?.idempotency_key).toBe(sent[0]?.idempotency_key);
    expect(pin).toHaveProperty('value', '');

    await user.type(pin, '1234');
    await user.click(screen.getByRole('button', { name: '使用する' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]?.idempotency_key).not.toBe(sent[1]?.idempotency_key);
    expect(used).toEqual([]);
  });
});
