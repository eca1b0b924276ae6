/**
 * 参加者の情報を修正 and レンタル内容を変更 on react-hook-form: the contract's participantsRequest and
 * rentalsRequest check them, each message beside its field, and the body sent is the contract's.
 */
import type { BookingDetail } from '@tabi/contract/admin-bookings';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-server.ts';
import { LOADED, showDialog } from '../../test/console-api.tsx';
import { ParticipantsDialog } from './booking-dialogs/participants-dialog.tsx';
import { RentalsDialog } from './booking-dialogs/rentals-dialog.tsx';

const member = (seq: string, sei: string, ageclass: string, birthday: string, passport?: string) => ({
  seq,
  sei,
  mei: '太郎',
  sex: '1',
  birthday,
  ageclass,
  nationality_id: 392,
  nationality_nm: '日本',
  extended_datas: { extended_participant_fields: passport ? { passport_number: passport } : {} },
});

/** 予約詳細 as far as these dialogs read it. */
const detail = {
  booking: {
    rsvno: 'AA100001',
    amountjp: 10_000,
    memberList: [member('1', '山田', '1', '19800415', 'TK1234567'), member('2', '山田', '3', '20180101')],
    rentskiList: [{ seq: '1', model: '1', boots_size: '26.5', wear_size: 'L' }],
  },
  option: { seats: 2, extendedFields: ['passport_number'], rentalcd: '1' },
  events: [],
} as unknown as BookingDetail;

let posted: { path: string; body: Record<string, unknown> }[];
beforeEach(() => {
  posted = [];
  stubApi(({ url, body }) => {
    const path = url.pathname;
    if (path.endsWith('/nationality')) {
      return [
        { id: 392, nationality_nm: '日本' },
        { id: 840, nationality_nm: 'アメリカ合衆国' },
      ];
    }
    posted.push({ path, body });
    return { ok: true };
  });
});

describe('参加者の情報を修正', () => {
  it('says a refused name beside its field, focuses it, and sends nothing', async () => {
    const user = userEvent.setup();
    const dialog = showDialog(
      <ParticipantsDialog detail={detail} open onClose={() => {}} onDone={() => {}} />,
      '参加者の情報を修正',
    );
    const [, secondSei] = within(dialog).getAllByLabelText('姓');
    if (!secondSei) throw new Error('no second participant');
    await user.clear(secondSei);
    await user.click(within(dialog).getByRole('button', { name: '変更を保存する' }));
    await vi.waitFor(() => expect(secondSei.getAttribute('aria-invalid')).toBe('true'), LOADED);
    expect(document.getElementById(`${secondSei.id}-error`)?.textContent).toBeTruthy();
    expect(within(dialog).getAllByLabelText('姓')[0]?.getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(secondSei);
    expect(posted).toEqual([]);
  });

  it('after the erasure of the personal data: names only, no birthday or passport asked or sent', async () => {
    const user = userEvent.setup();
    const done = vi.fn();
    const erased = {
      ...detail,
      booking: {
        ...detail.booking,
        memberList: [member('1', '山田', '1', ''), member('2', '山田', '3', '')],
      },
      events: [{ id: 9, action: 'personal_data_erased' }],
    } as unknown as BookingDetail;
    const dialog = showDialog(
      <ParticipantsDialog detail={erased} open onClose={() => {}} onDone={done} />,
      '参加者の情報を修正',
    );
    expect(within(dialog).queryAllByLabelText('生年月日')).toEqual([]);
    expect(within(dialog).queryAllByLabelText('パスポート番号')).toEqual([]);
    expect(dialog.textContent).toContain('消去済み');
    const [firstMei] = within(dialog).getAllByLabelText('名');
    if (!firstMei) throw new Error('no given name');
    await user.clear(firstMei);
    await user.type(firstMei, 'ゆみ');
    await user.click(within(dialog).getByRole('button', { name: '変更を保存する' }));
    await vi.waitFor(() => expect(done).toHaveBeenCalled(), LOADED);
    const sent = posted[0]?.body.memberList as Record<string, unknown>[];
    expect(sent.map((m) => [m.mei, m.birthday, m.extended_fields])).toEqual([
      ['ゆみ', '', { extended_participant_fields: {} }],
      ['太郎', '', { extended_participant_fields: {} }],
    ]);
  });

  it('asks for an emptied birthday as the booking form does, and sends nothing', async () => {
    const user = userEvent.setup();
    const dialog = showDialog(
      <ParticipantsDialog detail={detail} open onClose={() => {}} onDone={() => {}} />,
      '参加者の情報を修正',
    );
    const [, birthday] = within(dialog).getAllByLabelText('生年月日');
    if (!birthday) throw new Error('no birthday');
    await user.clear(birthday);
    await user.click(within(dialog).getByRole('button', { name: '変更を保存する' }));
    await vi.waitFor(() => expect(birthday.getAttribute('aria-invalid')).toBe('true'), LOADED);
    expect(document.getElementById(`${birthday.id}-error`)?.textContent).toBe('生年月日を選択してください');
    expect(posted).toEqual([]);
  });

  it('sends every participant as the booking form does: the birthday as YYYYMMDD, only the fields asked', async () => {
    const user = userEvent.setup();
    const done = vi.fn();
    const dialog = showDialog(
      <ParticipantsDialog detail={detail} open onClose={() => {}} onDone={done} />,
      '参加者の情報を修正',
    );
    const [nationality] = within(dialog).getAllByLabelText('国籍');
    if (!nationality) throw new Error('no nationality');
    // The list arrives after the dialog opens; the participant's own stays chosen.
    await within(nationality).findByRole('option', { name: 'アメリカ合衆国' }, LOADED);
    expect((nationality as HTMLSelectElement).value).toBe('392');
    await user.selectOptions(nationality, 'アメリカ合衆国');
    const [, birthday] = within(dialog).getAllByLabelText('生年月日');
    if (!birthday) throw new Error('no birthday');
    await user.clear(birthday);
    await user.type(birthday, '2017-05-06');
    const [passport] = within(dialog).getAllByLabelText('パスポート番号');
    if (!passport) throw new Error('no passport');
    await user.clear(passport);
    await user.type(passport, 'TK7654321');
    await user.click(within(dialog).getByRole('button', { name: '変更を保存する' }));

    await vi.waitFor(() => expect(done).toHaveBeenCalledWith('参加者の情報を変更しました。'), LOADED);
    expect(posted).toEqual([
      {
        path: '/api/admin/bookings/AA100001/participants',
        body: {
          memberList: [
            {
              seq: '1',
              sei: '山田',
              mei: '太郎',
              birthday: '19800415',
              sex: '1',
              ageclass: '1',
              nationality_id: '840',
              extended_fields: { extended_participant_fields: { passport_number: 'TK7654321' } },
            },
            {
              seq: '2',
              sei: '山田',
              mei: '太郎',
              birthday: '20170506',
              sex: '1',
              ageclass: '3',
              nationality_id: '392',
              extended_fields: { extended_participant_fields: { passport_number: '' } },
            },
          ],
        },
      },
    ]);
  });
});

describe('レンタル内容を変更', () => {
  it('offers 「選択してください」 only while nothing is chosen and sends every participant’s rental', async () => {
    const user = userEvent.setup();
    const done = vi.fn();
    const dialog = showDialog(
      <RentalsDialog detail={detail} open onClose={() => {}} onDone={done} />,
      'レンタル内容を変更',
    );
    const [, model] = within(dialog).getAllByLabelText('レンタル');
    if (!model) throw new Error('no second rental');
    expect(within(model).getByRole('option', { name: '選択してください' })).toBeTruthy();
    await user.selectOptions(model, 'スノーボード');
    expect(within(model).queryByRole('option', { name: '選択してください' })).toBeNull();
    const [, boots] = within(dialog).getAllByLabelText('ブーツ（cm）');
    if (!boots) throw new Error('no boots');
    await user.selectOptions(boots, within(boots).getAllByRole('option')[1] as HTMLOptionElement);
    const bootsSize = (boots as HTMLSelectElement).value;
    await user.click(within(dialog).getByRole('button', { name: '変更を保存する' }));

    await vi.waitFor(() => expect(done).toHaveBeenCalledWith('レンタル内容を変更しました。'), LOADED);
    expect(posted[0]?.body).toEqual({
      rentskiList: [
        { seq: '1', model: '1', boots_size: '26.5', wear_size: 'L', accessory: '' },
        { seq: '2', model: '2', boots_size: bootsSize, wear_size: '', accessory: '' },
      ],
    });
  });
});
