import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-server.ts';
import { EMPTY_CONDITIONS, listHref, type SearchConditions } from '../lib/search-query.ts';
import { ListToolbar } from './list-toolbar.tsx';
import { SearchPanel } from './search-panel.tsx';

beforeEach(() => {
  // jsdom has no media queries: a phone-sized page, where the badge sits on the panel's toggle.
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as unknown as MediaQueryList;
  stubApi(({ url }) => {
    if (url.pathname.includes('/option/condition'))
      return {
        homenList: [{ homencd: '03', homennm: '関東' }],
        keywordList: [
          { keycd: 'K01', keyname: '日帰り' },
          { keycd: 'K05', keyname: '食事付き' },
        ],
      };
    if (url.pathname.includes('/area')) return [{ areacd: '0301', areanm: '東京' }];
    if (url.pathname.includes('/city')) return [{ citycd: '030102', citynm: '新宿' }];
    throw new Error(`unexpected call ${url}`);
  });
});
afterEach(cleanup);

/** The list page's two views of the applied conditions: the panel's toggle with its badge, and the chips. */
function renderBoth(conditions: SearchConditions) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SearchPanel applied={conditions} today="20261121" carry={{}} onSearch={() => {}} resetHref="/" />
        <ListToolbar
          conditions={conditions}
          sort="recommended"
          onSort={() => {}}
          hrefFor={(c) => listHref({ conditions: c, page: 1, md: '', sort: 'recommended' })}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function badgeCount(): number | null {
  const toggle = screen.getByRole('button', { name: /検索条件を指定する/ });
  const match = /(\d+)件指定中/.exec(toggle.textContent ?? '');
  return match ? Number(match[1]) : null;
}

function chipCount(): number {
  const chips = screen.queryByRole('list', { name: '絞り込み中の条件' });
  return chips ? within(chips).getAllByRole('link').length : 0;
}

describe('the search badge counts what the chips show', () => {
  it.each<[string, SearchConditions]>([
    [
      'a region, its area and city, a use date and two keywords',
      {
        ...EMPTY_CONDITIONS,
        homencd: '03',
        areacd: '0301',
        citycd: '030102',
        usedate: '20261205',
        keycd: ['K01', 'K05'],
      },
    ],
    ['a region and its area', { ...EMPTY_CONDITIONS, homencd: '03', areacd: '0301' }],
    ['a departure point and two keywords', { ...EMPTY_CONDITIONS, fromspotcd: '1302', keycd: ['K01', 'K05'] }],
  ])('%s', async (_, conditions) => {
    renderBoth(conditions);
    expect((await screen.findAllByText('関東')).length).toBeGreaterThan(0);
    expect(chipCount()).toBeGreaterThan(0);
    expect(badgeCount()).toBe(chipCount());
  });

  it('shows no badge and no chips without conditions', () => {
    renderBoth(EMPTY_CONDITIONS);
    expect(badgeCount()).toBeNull();
    expect(chipCount()).toBe(0);
  });

  it('links each chip to the list without its condition, a region taking its area and city along', async () => {
    renderBoth({ ...EMPTY_CONDITIONS, homencd: '03', areacd: '0301', citycd: '030102', keycd: ['K01'] });
    const chips = within(screen.getByRole('list', { name: '絞り込み中の条件' }));
    expect((await chips.findByRole('link', { name: '関東の条件を外す' })).getAttribute('href')).toBe('/?keycd=K01');
    expect(chips.getByRole('link', { name: '日帰りの条件を外す' }).getAttribute('href')).toBe(
      '/?homencd=03&areacd=0301&citycd=030102',
    );
  });
});
