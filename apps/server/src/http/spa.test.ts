import { escapeHtml } from '@tabi/contract/html';
import { describe, expect, it } from 'vitest';
import { injectMeta } from './spa.ts';

const template =
  '<html><head><title>x</title><meta name="description" content="d" /><meta property="og:title" content="t" />' +
  '<meta property="og:description" content="d" /></head><body></body></html>';

describe('injectMeta', () => {
  it('preloads the page picture when it is one of our own paths', () => {
    const html = injectMeta(template, { title: 'A', description: 'B', image: '/images/OP0001-1.svg' });
    expect(html).toContain('<link rel="preload" as="image" href="/images/OP0001-1.svg" fetchpriority="high" />');
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('</head>'));
  });

  it('preloads the variant the page will use when the picture has several (an uploaded photo)', () => {
    const srcset = '/media/abc-480.webp 480w, /media/abc-960.webp 960w';
    const html = injectMeta(template, {
      title: 'A',
      description: 'B',
      image: '/media/abc-960.webp',
      imageSrcset: srcset,
      imageSizes: '(min-width: 960px) 600px, 100vw',
    });
    expect(html).toContain(
      `<link rel="preload" as="image" href="/media/abc-960.webp" imagesrcset="${srcset}" imagesizes="(min-width: 960px) 600px, 100vw" fetchpriority="high" />`,
    );
  });

  it('adds no preload for another origin or without a picture', () => {
    for (const image of ['https://example.com/a.jpg', '//example.com/a.jpg', undefined]) {
      expect(injectMeta(template, { title: 'A', description: 'B', image })).not.toContain('preload');
    }
  });

  it('escapes the path', () => {
    const html = injectMeta(template, { title: 'A', description: 'B', image: '/images/a"><script>.svg' });
    expect(html).not.toContain('"><script>');
  });

  it("puts admin text holding $`, $' or $& in as it is, never as a replacement pattern", () => {
    for (const name of ['X $` Y', "X $' Y", 'X $& Y', 'X $$ Y $1']) {
      const html = injectMeta(template, { title: name, description: name });
      const title = escapeHtml(`${name} | さくらトラベル オプション予約`);
      const description = escapeHtml(name);
      expect(html).toBe(
        `<html><head><title>${title}</title><meta name="description" content="${description}" />` +
          `<meta property="og:title" content="${title}" /><meta property="og:description" content="${description}" />` +
          '</head><body></body></html>',
      );
    }
  });
});
