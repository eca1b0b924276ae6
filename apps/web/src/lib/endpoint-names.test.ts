import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = (readdirSync(src, { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => ({ file, text: readFileSync(path.join(src, file), 'utf8') }));

describe('calls are named by their entries (ADR 0178)', () => {
  it('leaves no address under /api typed by hand (the client names the prefix of SPEC §7’s references once)', () => {
    const typed = sources.filter(({ text }) => /['"`]\/api\//.test(text)).map(({ file }) => file);
    expect(typed).toEqual([]);
  });

  it('keeps the tables, and their schemas, out of the customer pages (they name entries by reference)', () => {
    const eager = sources
      .filter(({ file }) => !file.startsWith(`admin${path.sep}`))
      .filter(({ text }) => /^import (?!type )[^;]*from '@tabi\/contract\/(console-)?endpoints';/m.test(text))
      .map(({ file }) => file);
    expect(eager).toEqual([]);
  });
});
