/**
 * ADR 0160: one sanitiser with one allow-list. What the browser's SafeHtml puts in the page is,
 * for every input, exactly what the server stores when the text is saved and sends in a server-rendered page.
 */
import { HTML_ALLOWED_ELEMENTS, HTML_GLOBAL_ATTRIBUTES } from '@tabi/contract/html-policy';
import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { purifierReady, SafeHtml } from './safe-html.tsx';

/** The server's sanitiser (apps/server), loaded by path: the web build never includes it. */
const SERVER_MODULE = '../../../server/src/http/safe-html.ts';
let serverSanitize: (html: string) => string;

beforeAll(async () => {
  await purifierReady;
  ({ sanitizeHtml: serverSanitize } = (await import(/* @vite-ignore */ SERVER_MODULE)) as {
    sanitizeHtml(html: string): string;
  });
});

/** Markup staff write, the XSS fixture's payloads (ADR 0072) and known mutation-XSS shapes. */
const TRICKY = [
  '<p>東京の<strong>定番</strong>スポット</p><ul><li>A &amp; B</li><li>a < b</li></ul>',
  '<table><tr><th colspan="2">料金</th></tr><tr><td rowspan=2 onmouseover="alert(1)">大人</td></tr></table>',
  '<img src=x onerror=alert(1)>',
  '<img src="/images/OP0001-1.svg" alt="屋形船" width="480" height="320" srcset="evil.jpg 2x" loading="lazy">',
  '<script>window.__xss=1</script>本文',
  '<a href="javascript:window.__xss=1">javascriptリンク</a>',
  '<a href="&#106;avascript:alert(1)">entity</a><a href=" javascript:alert(1)">space</a>',
  '<a href="https://example.com" target="_top" rel="opener">外部</a><a href="/detail?opcd=OP0001">内部</a>',
  '<a href="mailto:info@example.jp">mail</a><a href="tel:0312345678">tel</a><a href="data:text/html,x">data</a>',
  '<svg onload="window.__xss=1"><circle r="1"></circle></svg>',
  '<iframe srcdoc="&lt;script&gt;parent.__xss=1&lt;/script&gt;"></iframe>',
  '<details open ontoggle="window.__xss=1"><summary>詳細</summary></details>',
  '<input autofocus onfocus="window.__xss=1">',
  '<form action="javascript:window.__xss=1"><button>送信</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1"></style></mglyph></table></mtext></math>',
  '<object data="javascript:window.__xss=1"></object><embed src="javascript:window.__xss=1">',
  '<base href="javascript:window.__xss=1//"><meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<div style="background-image:url(javascript:window.__xss=1)">style</div>',
  '"><script>window.__xss=1</script>',
  "'><img src=x onerror=window.__xss=1>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<p data-x="1" aria-label="a" id="top" name="n" class="note" lang="en" dir="rtl" title="t">属性</p>',
  '<p>閉じない<b>太字<p>次の段落',
  '<!-- コメント --><p>後</p>',
  '<template><img src=x onerror=alert(1)></template><style>p{color:red}</style>',
  '<p>改行\nと\tタブ</p>',
  '',
];

describe('browser and server sanitise alike', () => {
  it.each(TRICKY.map((html, i) => [i, html]))('input %i gives the same HTML on both sides', (_i, html) => {
    const server = serverSanitize(html);
    const { container } = render(<SafeHtml html={html} />);
    const shown = container.querySelector('.html-content')?.innerHTML;
    expect(shown).toBe(server);
    expect(server).not.toMatch(/\son[a-z]+=|javascript:|<script|<iframe|<svg|<math|<style|srcdoc/i);
  });

  it('keeps only the allow-list: every element and attribute the server keeps is one of the contract', () => {
    const template = document.createElement('template');
    template.innerHTML = TRICKY.map(serverSanitize).join('');
    for (const element of template.content.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase();
      expect(Object.keys(HTML_ALLOWED_ELEMENTS)).toContain(tag);
      for (const { name } of element.attributes) {
        expect([...HTML_GLOBAL_ATTRIBUTES, ...(HTML_ALLOWED_ELEMENTS[tag] ?? [])], `${tag}[${name}]`).toContain(name);
      }
      if (tag === 'a') expect(element.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });
});
