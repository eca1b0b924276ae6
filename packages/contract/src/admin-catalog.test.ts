import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminOptionRecord, optionTranslations } from './admin-catalog.ts';
import { OPTION_TEXT_FIELDS } from './content.ts';

const japanese = adminOptionRecord.shape.option.shape;
const english = optionTranslations.shape.en.shape;

/** What a schema says of a value: the value it keeps ('' for a Japanese text's null), or the messages it refuses. */
function verdict(schema: z.ZodType, v: string) {
  const result = schema.safeParse(v);
  return result.success ? { ok: result.data ?? '' } : { refused: result.error.issues.map((i) => i.message) };
}

describe("an option's English texts (issue 29)", () => {
  // Around every length a text field has, and the characters the two kinds of text differ in.
  const samples = [
    ...[200, 300, 1000, 2000, 5000, 20000].flatMap((n) => [`${'あ'.repeat(n - 1)} `, 'a'.repeat(n), 'a'.repeat(n + 1)]),
    '  朝の隅田川  ',
    '一行目\n二行目\tタブ',
    '<p>説明</p>\r\n',
    'ベル\u0007',
  ];

  it.each(OPTION_TEXT_FIELDS)('%s: accepts and refuses what its Japanese twin does, with the same messages', (f) => {
    for (const v of samples)
      expect(verdict(english[f], v), `${f}: ${JSON.stringify(v.slice(0, 20))}`).toEqual(verdict(japanese[f], v));
  });

  it('takes "" for "not translated", even where the Japanese text is required', () => {
    for (const f of OPTION_TEXT_FIELDS) expect(english[f].safeParse('').success).toBe(true);
    expect(japanese.webname.safeParse('').success).toBe(false);
  });
});
