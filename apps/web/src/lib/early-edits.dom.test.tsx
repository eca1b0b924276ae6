import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { readEarlyEdits, replayEarlyEdits } from './early-edits.ts';

/** A form whose state is React's: what the app would search with is in the <output>. */
function Form() {
  const [region, setRegion] = useState('');
  const [keyword, setKeyword] = useState(false);
  const [date, setDate] = useState('');
  return (
    <form>
      <select id="region" value={region} onChange={(e) => setRegion(e.target.value)}>
        <option value="">すべて</option>
        <option value="03">関東</option>
      </select>
      <input id="keyword" type="checkbox" checked={keyword} onChange={(e) => setKeyword(e.target.checked)} />
      <input id="date" value={date} onChange={(e) => setDate(e.target.value)} />
      <input id="untouched" defaultValue="そのまま" />
      <output>{JSON.stringify({ region, keyword, date })}</output>
    </form>
  );
}

const field = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

afterEach(() => {
  document.body.innerHTML = '';
});

it('keeps what was chosen and typed on the server-rendered page before the app took it over', async () => {
  const root = document.createElement('div');
  root.innerHTML = renderToString(<Form />);
  document.body.append(root);

  // The visitor's taps on the page as the server sent it.
  field<HTMLSelectElement>('region').value = '03';
  field<HTMLInputElement>('keyword').checked = true;
  field<HTMLInputElement>('date').value = '2027/01/15';
  const edits = readEarlyEdits(root);
  expect(edits.map((e) => e.id)).toEqual(['region', 'keyword', 'date']);

  // React.act: hydration and the updates the replayed input causes are committed before the checks.
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  await act(async () => {
    hydrateRoot(root, <Form />);
  });
  await act(async () => {
    replayEarlyEdits(edits);
  });
  expect(JSON.parse(root.querySelector('output')?.textContent ?? '')).toEqual({
    region: '03',
    keyword: true,
    date: '2027/01/15',
  });
  expect(field<HTMLInputElement>('keyword').checked).toBe(true);
  expect(field<HTMLInputElement>('untouched').value).toBe('そのまま');
});

it('reads nothing from a page nobody touched', () => {
  const root = document.createElement('div');
  root.innerHTML = renderToString(<Form />);
  expect(readEarlyEdits(root)).toEqual([]);
});
