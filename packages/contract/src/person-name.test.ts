import { describe, expect, it } from 'vitest';
import { displayName } from './person-name.ts';

describe('a person’s displayed name', () => {
  it('is 姓 名 on Japanese pages', () => {
    expect(displayName('SMITH', 'JOHN', 'ja')).toBe('SMITH JOHN');
    expect(displayName('小林', '亮', 'ja')).toBe('小林 亮');
  });

  it('is the given name, then the family name, on English pages', () => {
    expect(displayName('SMITH', 'JOHN', 'en')).toBe('JOHN SMITH');
    expect(displayName('YAMADA', 'TARO', 'en')).toBe('TARO YAMADA');
  });

  it('keeps a name written in Japanese script in its own order on English pages', () => {
    expect(displayName('小林', '亮', 'en')).toBe('小林 亮');
    expect(displayName('やまだ', 'たろう', 'en')).toBe('やまだ たろう');
  });

  it('leaves out an empty part without a stray space', () => {
    expect(displayName('SMITH', '', 'en')).toBe('SMITH');
    expect(displayName('', 'JOHN', 'ja')).toBe('JOHN');
    expect(displayName(' SMITH ', ' JOHN', 'en')).toBe('JOHN SMITH');
  });
});
