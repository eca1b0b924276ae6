import type { BookingDetail } from '@tabi/contract/admin-bookings';
import { Msg } from '@tabi/contract/messages';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-server.ts';
import { LOADED, showDialog } from '../../test/console-api.tsx';
import { yen } from '../lib/format.ts';
import { CancelDialog } from './booking-dialogs/cancel-dialog.tsx';
import { ContactDialog, NoteDialog } from './booking-dialogs/contact-note-dialogs.tsx';

/** 予約詳細 as far as these dialogs read it. */
const detail = {
  tel: '09012345678',
  booking: { rsvno: 'AA100001', amountjp: 10_000, fromdate: '20991231', mail: 'taro@example.jp' },
  option: { seats: 2 },
} as unknown as BookingDetail;

let posted: { path: string; body: Record<string, unknown> }[];
beforeEach(() => {
  posted = [];
  stubApi(({ url, body }) => {
    const path = url.pathname;
    if (path.endsWith('/cancel-quote')) {
      const fee = typeof body.fee === 'number' ? body.fee : 1000;
      return { cancelfee: fee, refund: 10_000 - fee, paid: 10_000 };
    }
    posted.push({ path, body });
    if (path.endsWith('/cancel')) return { cancelfee: 500, refund: 9500 };
    if (path.endsWith('/contact')) return { changed: true };
    return { ok: true };
  });
});

describe('お客様に代わってキャンセル', () => {
  it('asks a fee of one’s own in whole yen and its reason, focuses the field in error, then sends the body', async () => {
    const user = userEvent.setup();
    const done = vi.fn();
    const dialog = showDialog(
      <CancelDialog detail={detail} open onClose={() => {}} onDone={done} />,
      'お客様に代わってキャンセル',
    );
    await within(dialog).findByText(yen(9000), {}, LOADED);
    await user.click(within(dialog).getByLabelText('キャンセル料を変更する（特例）'));
    const fee = within(dialog).getByLabelText('キャンセル料（円）') as HTMLInputElement;
    expect(fee.value).toBe('1000');

    await user.clear(fee);
    await user.type(fee, '5百');
    expect(await within(dialog).findByText('0円以上の整数で入力してください。', {}, LOADED)).toBeTruthy();
    expect(fee.getAttribute('aria-invalid')).toBe('true');

    await user.clear(fee);
    await user.type(fee, '５００');
    await within(dialog).findByText(yen(9500), {}, LOADED);
    await user.click(within(dialog).getByRole('button', { name: 'キャンセルを確定する' }));
    expect(await within(dialog).findByText(Msg.feeOverrideReasonRequired, {}, LOADED)).toBeTruthy();
    const reason = within(dialog).getByLabelText(/変更の理由/);
    expect(document.activeElement).toBe(reason);
    expect(posted).toHaveLength(0);

    await user.type(reason, 'ご入院のため特例で減額');
    await user.click(within(dialog).getByRole('button', { name: 'キャンセルを確定する' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1), LOADED);
    expect(posted[0]).toEqual({
      path: '/api/admin/bookings/AA100001/cancel',
      body: { feeOverride: { amount: 500, reason: 'ご入院のため特例で減額' }, expectedRefund: 9500 },
    });
    await vi.waitFor(
      () => expect(done).toHaveBeenCalledWith(`キャンセルしました。キャンセル料 ${yen(500)}、返金 ${yen(9500)}。`),
      LOADED,
    );
  });

  it('sends the policy’s fee (nothing but the refund shown) when the fee is not changed', async () => {
    const user = userEvent.setup();
    const dialog = showDialog(
      <CancelDialog detail={detail} open onClose={() => {}} onDone={() => {}} />,
      'お客様に代わってキャンセル',
    );
    await within(dialog).findByText(yen(9000), {}, LOADED);
    await user.click(within(dialog).getByRole('button', { name: 'キャンセルを確定する' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1), LOADED);
    expect(posted[0]?.body).toEqual({ expectedRefund: 9000 });
  });
});

describe('連絡先を訂正 and 社内メモ', () => {
  it('sends the corrected phone and mail', async () => {
    const user = userEvent.setup();
    const dialog = showDialog(
      <ContactDialog detail={detail} open onClose={() => {}} onDone={() => {}} />,
      '連絡先を訂正',
    );
    expect((within(dialog).getByLabelText(/電話番号/) as HTMLInputElement).value).toBe('09012345678');
    const mail = within(dialog).getByLabelText(/メールアドレス/);
    await user.clear(mail);
    expect((within(dialog).getByRole('button', { name: '訂正する' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(mail, ' hanako@example.jp ');
    await user.click(within(dialog).getByRole('button', { name: '訂正する' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1), LOADED);
    expect(posted[0]).toEqual({
      path: '/api/admin/bookings/AA100001/contact',
      body: { tel: '09012345678', mail: 'hanako@example.jp' },
    });
  });

  it('adds a note once something is written', async () => {
    const user = userEvent.setup();
    const done = vi.fn();
    const dialog = showDialog(<NoteDialog detail={detail} open onClose={() => {}} onDone={done} />, '社内メモを追加');
    const submit = within(dialog).getByRole('button', { name: 'メモを追加する' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/メモ/), 'お客様より電話');
    await user.click(submit);
    await vi.waitFor(() => expect(done).toHaveBeenCalledWith('社内メモを追加しました。'), LOADED);
    expect(posted).toEqual([{ path: '/api/admin/bookings/AA100001/note', body: { note: 'お客様より電話' } }]);
  });
});
