import { partyOutOfRange, partyRangeNote } from '@tabi/contract/messages';
import { emptyParty } from '@tabi/contract/party';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { OP0001_AGES } from '../../../test/option-fixture.ts';
import { priceQueryOptions } from '../api/get-price.ts';
import { PartyForm, type PartyOption, usePartyForm } from './party-form.tsx';

const USEDATE = '20261201';
const option: PartyOption = {
  opcd: 'OP0001',
  ...OP0001_AGES,
  min_people: 2,
  max_people: 4,
};

function Harness({ stock }: { stock: number }) {
  const form = usePartyForm(option, USEDATE, stock);
  return <PartyForm form={form} />;
}

function renderParty(stock = 99) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The price the form loads once on opening (SPEC §4), answered ahead so no call is made.
  const key = priceQueryOptions({ opcd: option.opcd, usedate: USEDATE, counts: emptyParty() }).queryKey;
  client.setQueryData(key, { adult: 8000, middle: 0, child: 5000, infant: 1000 });
  return render(
    <QueryClientProvider client={client}>
      <Harness stock={stock} />
    </QueryClientProvider>,
  );
}

const choices = (label: string) =>
  within(screen.getByRole('combobox', { name: label }))
    .getAllByRole('option')
    .map((o) => o.textContent);

afterEach(cleanup);

describe('party-count form', () => {
  it('offers each class up to the maximum minus the other classes, and shows the total', async () => {
    const user = userEvent.setup();
    renderParty();
    expect(screen.queryByRole('combobox', { name: '中人' })).toBeNull();
    expect(screen.getByRole('combobox', { name: '大人' })).toHaveProperty('value', '1');
    expect(choices('大人')).toEqual(['0名', '1名', '2名', '3名', '4名']);
    expect(choices('小人')).toEqual(['0名', '1名', '2名', '3名']);
    expect(screen.getByText(partyRangeNote(2, 4))).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: '小人' }), '2');
    expect(choices('大人')).toEqual(['0名', '1名', '2名']);
    expect(choices('幼児')).toEqual(['0名', '1名']);
    expect(screen.getByTestId('party-total').textContent).toBe('￥18,000');
    expect(screen.queryByText(partyOutOfRange(2, 4))).toBeNull();
  });

  it('says so when the party is outside the bounds or beyond the stock', async () => {
    const user = userEvent.setup();
    renderParty(1);
    // One adult: below the minimum of 2.
    expect(screen.getByText(partyOutOfRange(2, 4))).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: '小人' }), '1');
    expect(screen.queryByText(partyOutOfRange(2, 4))).toBeNull();
    expect(screen.getByText('設定した値が残数を超えています。')).toBeTruthy();
  });
});
