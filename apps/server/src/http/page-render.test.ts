import { describe, expect, it } from 'vitest';
import { sanitizeForPage } from './page-render.ts';

describe('sanitizeForPage (server-rendered pages)', () => {
  it('keeps the markup of option texts', () => {
    const html =
      '<p>東京の<strong>定番</strong></p><ul><li>a</li></ul><table><thead><tr><th>x</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>';
    expect(sanitizeForPage(html)).toBe(html);
  });

  it('drops scripts, event handlers and script URLs', () => {
    const out = sanitizeForPage(
      '<img src=x onerror="alert(1)"><script>alert(1)</script><a href="javascript:alert(1)">a</a><iframe src="//x"></iframe><svg onload="alert(1)"></svg>',
    );
    expect(out).not.toMatch(/onerror|onload|<script|javascript:|<iframe|<svg/i);
    expect(out).toContain('<img src="x" />');
  });

  it('opens links safely, in a new tab only when asked', () => {
    expect(sanitizeForPage('<a href="https://example.com" target="_top">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeForPage('<a href="/detail">x</a>')).toBe('<a href="/detail" rel="noopener noreferrer">x</a>');
  });
});
