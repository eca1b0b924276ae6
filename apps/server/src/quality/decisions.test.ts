import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve(import.meta.dirname, '../../../../docs/decisions');
const files = readdirSync(DIR).filter((name) => /^\d{4}-.+\.md$/.test(name));
const numbers = new Set(files.map((name) => name.slice(0, 4)));

describe('architecture decision records', () => {
  it('there are some', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files)('%s says under its title whether it stands and since when', (name) => {
    const [title, blank, status] = readFileSync(path.join(DIR, name), 'utf8').split('\n');
    expect(title).toMatch(new RegExp(`^# ${name.slice(0, 4)} `));
    expect(blank).toBe('');
    const match = /^Status: (?:accepted, (\d{4}-\d{2}-\d{2})\.|superseded by (\d{4}) \((\d{4}-\d{2}-\d{2})\))/.exec(
      status ?? '',
    );
    expect(match, `${name}: "${status}"`).not.toBeNull();
    const by = match?.[2];
    if (by) expect(numbers.has(by), `${name} is superseded by ${by}, which does not exist`).toBe(true);
  });
});
