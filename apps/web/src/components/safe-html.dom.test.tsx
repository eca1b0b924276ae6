import { describe, expect, it } from 'vitest';
import { htmlToText } from './safe-html.tsx';

describe('htmlToText', () => {
  it('keeps the text and decodes entities without making an element of the markup', () => {
    const before = document.querySelectorAll('img').length;
    expect(htmlToText('<p>朝の<strong>隅田川</strong>&amp;浅草<img src=x alt="" onerror="alert(1)"></p>')).toBe(
      '朝の隅田川&浅草',
    );
    expect(htmlToText('&lt;img src=x onerror=alert(1)&gt;')).toBe('<img src=x onerror=alert(1)>');
    expect(document.querySelectorAll('img').length).toBe(before);
  });
});
