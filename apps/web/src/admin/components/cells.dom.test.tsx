import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mailCell } from './cells.tsx';

afterEach(cleanup);

describe('mailCell (予約一覧 at 1280 px)', () => {
  it('lets an address wrap before its @, not in the middle of a word', () => {
    const { container } = render(<p>{mailCell({ getValue: () => 'kenichi.sato@example.jp' })}</p>);
    expect(container.textContent).toBe('kenichi.sato@example.jp');
    expect(container.innerHTML).toBe('<p>kenichi.sato<wbr>@example.jp</p>');
    expect(render(<p>{mailCell({ getValue: () => null })}</p>).container.textContent).toBe('');
  });
});
