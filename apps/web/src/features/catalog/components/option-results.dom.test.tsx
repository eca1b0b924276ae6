import type { PaginatedOptions } from '@tabi/contract/catalog';
import type { Lang } from '@tabi/contract/i18n';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LangProvider } from '../../../i18n/lang.tsx';
import { loadMessages } from '../../../i18n/messages.ts';
import { OptionResults } from './option-results.tsx';

const EMPTY: PaginatedOptions = { data: [], links: [], from: null, to: null, total: 0, current_page: 1, last_page: 1 };

beforeAll(() => loadMessages('en'));
afterEach(cleanup);

function renderEmpty(props: { usedate: string; nearestDays?: string[]; lang?: Lang }) {
  render(
    <LangProvider lang={props.lang ?? 'ja'}>
      <MemoryRouter>
        <OptionResults
          list={EMPTY}
          usedate={props.usedate}
          nearestDays={props.nearestDays}
          updating={false}
          hrefForPage={(page) => `/?page=${page}`}
          hrefForDay={(day) => `/?homencd=03&usedate=${day}`}
          hrefForOption={(opcd) => `/detail?opcd=${opcd}`}
        />
      </MemoryRouter>
    </LangProvider>,
  );
}

describe('an empty result for a use date without room', () => {
  it('names the day and links the nearest days with room, each a search of that day', () => {
    renderEmpty({ usedate: '20261210', nearestDays: ['20261205', '20261208', '20261212'] });
    expect(screen.getByText('2026/12/10（木）に空きのあるオプションはありません。')).toBeTruthy();
    const days = screen.getByRole('list', { name: /近い日なら空きがあります/ });
    const links = within(days).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['2026/12/05（土）', '2026/12/08（火）', '2026/12/12（土）']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/?homencd=03&usedate=20261205',
      '/?homencd=03&usedate=20261208',
      '/?homencd=03&usedate=20261212',
    ]);
  });

  it('says it in English on the English site', () => {
    renderEmpty({ usedate: '20261210', nearestDays: ['20261211'], lang: 'en' });
    expect(screen.getByText('No options have seats left on Thu, 10 Dec 2026.')).toBeTruthy();
    const days = screen.getByRole('list', { name: /nearby dates/ });
    expect(within(days).getByRole('link').textContent).toBe('Fri, 11 Dec 2026');
  });

  it('asks for other conditions when no day has room, or no day was searched', () => {
    renderEmpty({ usedate: '20261210', nearestDays: [] });
    expect(screen.getByText('ご指定の条件に合うオプションが見つかりませんでした。')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    renderEmpty({ usedate: '' });
    expect(screen.getByText('条件を変更して、もう一度検索してください。')).toBeTruthy();
  });
});
