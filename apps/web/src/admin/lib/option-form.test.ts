/** 商品編集's first values: an option's fields as typed, or a new option's defaults. */
import { describe, expect, it } from 'vitest';
import { draftOptionRecord } from '../../test/option-fixture.ts';
import { draftOf, emptyDraft, formValuesOf } from './option-form.ts';

describe('formValuesOf', () => {
  it("holds an option's own fields as typed, and no code (an option's own is its address)", () => {
    const { option } = draftOptionRecord('OP0099');
    expect(formValuesOf(option, '2026-05-01')).toEqual({ opcd: '', option: draftOf(option) });
  });

  it('gives a new option the defaults of a year of sales from today, the code empty to be typed', () => {
    const values = formValuesOf(null, '2026-05-01');
    expect(values).toEqual({ opcd: '', option: emptyDraft('2026-05-01') });
    expect(values.option.useFrom).toBe('2026-05-01');
    expect(values.option.useTo).toBe('2027-05-01');
  });

  it('ends a new option sold from 29 February on 28 February of the next year', () => {
    expect(formValuesOf(null, '2028-02-29').option.useTo).toBe('2029-02-28');
  });
});
