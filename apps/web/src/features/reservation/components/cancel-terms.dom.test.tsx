import { STANDARD_CANCEL_POLICY } from '@tabi/contract/cancel-policy';
import { addDays, formatYmd, tokyoYmd } from '@tabi/contract/dates';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CancelTerms } from './cancel-terms.tsx';

const today = tokyoYmd(new Date());
const STANDARD = STANDARD_CANCEL_POLICY.map((tier) => ({ ...tier }));

afterEach(cleanup);

describe('CancelTerms (the check page, before payment)', () => {
  it('says that a fee applies already to a day 20 days ahead, and lists the tiers', () => {
    render(<CancelTerms option={{ cancel_policy: STANDARD }} usedate={addDays(today, 20)} />);
    const terms = screen.getByRole('region', { name: 'キャンセル料について' });
    expect(terms.textContent).toContain('現在キャンセル料20%がかかります');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '21日前まで：無料',
      '20日前～8日前：旅行代金の20%',
      '7日前～2日前：旅行代金の30%',
      '前日：旅行代金の40%',
      '当日：旅行代金の50%',
      '旅行開始後・無連絡不参加：旅行代金の100%',
    ]);
  });

  it('says from which day a fee applies while cancelling is still free', () => {
    const usedate = addDays(today, 30);
    render(<CancelTerms option={{ cancel_policy: STANDARD }} usedate={usedate} compact />);
    expect(
      screen.getByText(
        `本日お申し込みの場合、キャンセル料は${formatYmd(addDays(usedate, -20))}からかかります（それまでは無料です）。`,
      ),
    ).toBeTruthy();
  });
});
