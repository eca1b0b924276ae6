import { describe, expect, it } from 'vitest';
import { changesOf } from './booking-history.tsx';

describe('changesOf (the history’s before/after)', () => {
  it('names a state change in Japanese, from → to', () => {
    expect(
      changesOf(
        { status: 6, status_payment: 0, flg_request_rsv: 0 },
        { status: 0, status_payment: 0, flg_request_rsv: 1, payment_deadline: '2026-11-24T03:00:00.000Z' },
      ),
    ).toEqual([
      { label: 'ステータス', before: 'リクエスト予約', after: '仮予約（手配済）' },
      { label: 'リクエスト手配', before: 'なし', after: '手配済み' },
      { label: 'お支払い期限', before: '', after: '2026/11/24 12:00' },
    ]);
  });

  it('keeps a value only before as where the change started, and shows yen', () => {
    expect(changesOf({ status: 1 }, { cancelfee: 500, refund: 21_100 })).toEqual([
      { label: 'ステータス', before: '予約', after: '' },
      { label: 'キャンセル料', before: '', after: '￥500' },
      { label: '返金額', before: '', after: '￥21,100' },
    ]);
  });

  it('names every field a reseller’s booking writes, in Japanese and Tokyo time', () => {
    const changes = changesOf(
      { opcd: 'OP0001', usedate: '2026-12-10', seats: 2, amountjp: 19_000, net_amount: 15_200 },
      {
        status: 1,
        status_payment: 1,
        opcd: 'OP0001',
        usedate: '2026-12-11',
        seats: 2,
        amountjp: 19_000,
        net_amount: 15_200,
        hold_expires_at: '2026-11-28T13:50:05Z',
        commission_bp: 2000,
        paid_on_account: 15_200,
      },
    );
    expect(changes).toEqual([
      { label: '利用日', before: '2026/12/10', after: '2026/12/11' },
      { label: 'ステータス', before: '', after: '予約' },
      { label: '決済', before: '', after: '決済済み' },
      { label: '仮押さえの期限', before: '', after: '2026/11/28 22:50' },
      { label: '販売店の手数料率', before: '', after: '20%' },
      { label: '販売店への請求（売掛）', before: '', after: '￥15,200' },
    ]);
    for (const change of changes) expect(change.label).toMatch(/^[^a-z_]+$/);
  });

  it('lists only the participants that changed', () => {
    const member = { seq: 1, sei: '山田', mei: '太郎', birthday: '1983-04-01', sex: '1', nationality_id: 0 };
    const other = { ...member, seq: 2, mei: '花子', sex: '2' };
    const changes = changesOf({ members: [member, other] }, { members: [{ ...member, mei: 'たろう' }, other] });
    expect(changes).toEqual([
      {
        label: '参加者',
        before: '1. 山田 太郎・1983/04/01・男性・国籍 未入力',
        after: '1. 山田 たろう・1983/04/01・男性・国籍 未入力',
      },
    ]);
  });

  it('names a nationality by its name, not its number', () => {
    const member = { seq: 1, sei: 'Smith', mei: 'Anna', birthday: '1990-01-01', sex: '2', nationality_id: 3 };
    const names = new Map([
      [3, 'イギリス'],
      [4, 'カナダ'],
    ]);
    expect(changesOf({ members: [member] }, { members: [{ ...member, nationality_id: 4 }] }, names)).toEqual([
      {
        label: '参加者',
        before: '1. Smith Anna・1990/01/01・女性・国籍 イギリス',
        after: '1. Smith Anna・1990/01/01・女性・国籍 カナダ',
      },
    ]);
  });
});
