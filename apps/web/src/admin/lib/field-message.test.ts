/** firstMessage: the message of a field's own error, else the first of its parts'. */
import { describe, expect, it } from 'vitest';
import { firstMessage } from './field-message.ts';

describe('firstMessage', () => {
  it("says a field's own message", () => {
    expect(firstMessage({ type: 'custom', message: '必須です' })).toBe('必須です');
  });

  it("says the first message of a list's items or an object's parts", () => {
    expect(firstMessage([undefined, { message: '時刻が不正です' }, { message: '二つ目' }])).toBe('時刻が不正です');
    expect(firstMessage({ 0: { daysBefore: { message: '日数' } } })).toBe('日数');
  });

  it('skips an empty message and the field element', () => {
    expect(firstMessage({ message: '', ref: { message: 'not a message' }, inner: { message: '中' } })).toBe('中');
  });

  it('says nothing when there is no error', () => {
    expect(firstMessage(undefined)).toBeUndefined();
    expect(firstMessage(null)).toBeUndefined();
    expect(firstMessage({})).toBeUndefined();
    expect(firstMessage('text')).toBeUndefined();
  });
});
