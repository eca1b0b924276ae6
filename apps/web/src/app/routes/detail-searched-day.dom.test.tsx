import type { CalendarDay, OptionDetail } from '@tabi/contract/catalog';
import { addDays, daysOfMonth, monthStart, tokyoYmd, type Ymd } from '@tabi/contract/dates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-server.ts';
import { reservedOption } from '../../test/option-fixture.ts';
import { Component as DetailPage } from './detail.tsx';

const today = tokyoYmd(new Date());
// Days in the month after this one: all after today, whatever day of the month the test runs on.
const nextMonth = monthStart(addDays(monthStart(today), 40));
const open = addDays(nextMonth, 9);
const soldOut = addDays(nextMonth, 10);

function day(date: Ymd, zaikozan: number): CalendarDay {
  return {
    date,
    zaikozan: String(zaikozan),
    adultbaika: '8000',
    middlebaika: '0',
    childbaika: '4000',
    infantbaika: '0',
  };
}

function detailOf(month: Ymd): OptionDetail {
  const valueList: Record<string, CalendarDay> = {};
  for (const d of daysOfMonth(month)) valueList[d] = day(d, d === soldOut ? 0 : 5);
  return { ...reservedOption(), valueList };
}

beforeEach(() => {
  stubApi(({ url }) => {
    const asked = (url.searchParams.get('usedate') ?? today) as Ymd;
    if (url.pathname.includes('/option/OP0001')) return detailOf(monthStart(asked));
    if (url.pathname.includes('/price/OP0001'))
      return {
        valueList: { [asked]: { adultbaika: '8000', middlebaika: '0', childbaika: '4000', infantbaika: '0' } },
      };
    throw new Error(`unexpected call ${url}`);
  });
});
afterEach(cleanup);

function renderDetail(usedate: Ymd) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/detail?opcd=OP0001&usedate=${usedate}`]}>
        <DetailPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const isoOf = (d: Ymd) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`;

async function calendarCell(d: Ymd): Promise<HTMLElement> {
  const calendar = await screen.findByTestId('availability-calendar');
  const cell = calendar.querySelector<HTMLElement>(`td[data-day="${isoOf(d)}"]`);
  if (!cell) throw new Error(`no cell for ${d}`);
  return cell;
}

const slashed = (d: Ymd) => `${d.slice(0, 4)}/${d.slice(4, 6)}/${d.slice(6)}`;

describe('the use date searched on the list, on the detail calendar', () => {
  it('is chosen on arrival: marked selected, and the buy panel books it without a second choice', async () => {
    renderDetail(open);
    const cell = await calendarCell(open);
    expect(cell.getAttribute('aria-selected')).toBe('true');
    // The form waits for the visitor: the page they came to read is not covered on arrival.
    expect(screen.queryByRole('dialog')).toBeNull();
    const panel = screen.getByTestId('buy-panel');
    const book = within(panel).getByRole('button', {
      name: new RegExp(`^${Number(open.slice(4, 6))}/${Number(open.slice(6))}（.）で予約する$`),
    });
    fireEvent.click(book);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(slashed(open));
  });

  it('opens the party form when the chosen day is tapped, as any day', async () => {
    renderDetail(open);
    const cell = await calendarCell(open);
    fireEvent.click(within(cell).getByRole('button'));
    expect((await screen.findByRole('dialog')).textContent).toContain(slashed(open));
  });

  it('is not chosen when it has no room: the panel still asks for a date', async () => {
    renderDetail(soldOut);
    const cell = await calendarCell(soldOut);
    expect(cell.getAttribute('aria-selected')).not.toBe('true');
    expect(within(screen.getByTestId('buy-panel')).getByRole('link', { name: '日付を選んで予約する' })).toBeTruthy();
  });
});
