import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPageRenderer, sanitizeForPage } from './page-render.ts';

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
    expect(out).toContain('<img src="x">');
  });

  it('opens links safely, in a new tab only when asked', () => {
    expect(sanitizeForPage('<a href="https://example.com" target="_top">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeForPage('<a href="/detail">x</a>')).toBe('<a href="/detail" rel="noopener noreferrer">x</a>');
  });
});

describe('the page renderer', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'page-render-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it("puts a page holding $`, $' or $& in as it is, never as a replacement pattern", async () => {
    const name = "X $` Y $' Z $& W";
    mkdirSync(path.join(dist, '.ssr'));
    mkdirSync(path.join(dist, '.vite'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, '.ssr', 'entry-server.js'),
      `export async function renderPage() {
        return { html: ${JSON.stringify(`<h1>${name}</h1>`)}, state: { name: ${JSON.stringify(name)} }, pageFile: 'index' };
      }`,
    );
    writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/index.js', isEntry: true, css: ['assets/index.css'] } }),
    );
    writeFileSync(path.join(dist, 'assets', 'index.css'), 'h1{color:red}');
    const log = { warn() {} } as unknown as FastifyBaseLogger;
    const renderer = await loadPageRenderer({} as FastifyInstance, dist, log);
    const template =
      '<html><head><title>t</title><link rel="stylesheet" crossorigin href="/assets/index.css"></head>' +
      '<body><div id="root"></div></body></html>';
    const html = await renderer?.render(template, '/', new URLSearchParams());
    expect(html).toBe(
      '<html><head><title>t</title>  <style>h1{color:red}</style>\n  </head><body>' +
        `<div id="root"><h1>${name}</h1></div>\n    ` +
        `<script type="application/json" id="page-state">${JSON.stringify({ name })}</script></body></html>`,
    );
  });

  it("has the loader fetch what hydration waits for once the page has painted: the entry, the page chunk, React DOM, the sanitiser; and marks the chunk's inlined styles", async () => {
    const site = mkdtempSync(path.join(tmpdir(), 'page-render-head-'));
    for (const dir of ['.ssr', '.vite', 'assets']) mkdirSync(path.join(site, dir));
    writeFileSync(
      path.join(site, '.ssr', 'entry-server.js'),
      `export async function renderPage() { return { html: '<h1>list</h1>', state: {}, pageFile: 'index' }; }`,
    );
    writeFileSync(
      path.join(site, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': {
          file: 'assets/main.js',
          isEntry: true,
          css: ['assets/main.css'],
          dynamicImports: ['src/app/routes/index.tsx'],
        },
        'src/app/routes/index.tsx': {
          file: 'assets/list.js',
          src: 'src/app/routes/index.tsx',
          css: ['assets/list.css'],
          imports: ['_shared.js'],
        },
        '_shared.js': { file: 'assets/shared.js' },
        'src/boot.ts': { file: 'assets/boot.js', src: 'src/boot.ts', isEntry: true },
        'src/app/react-dom-client.ts': { file: 'assets/react-dom.js', src: 'src/app/react-dom-client.ts' },
        '../../node_modules/dompurify/dist/purify.es.mjs': {
          file: 'assets/purify.js',
          src: '../../node_modules/dompurify/dist/purify.es.mjs',
        },
        '../../packages/contract/src/html-policy.ts': {
          file: 'assets/policy.js',
          src: '../../packages/contract/src/html-policy.ts',
        },
      }),
    );
    writeFileSync(path.join(site, 'assets', 'main.css'), 'body{margin:0}');
    writeFileSync(path.join(site, 'assets', 'list.css'), '.card{color:red}');
    const log = { warn() {} } as unknown as FastifyBaseLogger;
    const renderer = await loadPageRenderer({} as FastifyInstance, site, log);
    const html =
      (await renderer?.render(
        '<html><head><script type="module" crossorigin src="/assets/main.js"></script>\n' +
          '<link rel="modulepreload" crossorigin href="/assets/react-dom.js"></head><body><div id="root"></div></body></html>',
        '/',
        new URLSearchParams(),
      )) ?? '';
    rmSync(site, { recursive: true, force: true });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style>body{margin:0}</style>');
    expect(head).toContain('<style>.card{color:red}</style>');
    // Vite's loader of the page chunk waits for a stylesheet unless a link to it is in the document already.
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/list.css" disabled>');
    expect(head).not.toContain('href="/assets/main.css"');
    // Nothing is fetched before the page paints but the loader, which the server tells what to fetch.
    expect(head).not.toContain('modulepreload');
    expect(head).not.toContain('src="/assets/main.js"');
    expect(head).toContain(
      '<script type="module" crossorigin src="/assets/boot.js" id="app-boot" ' +
        'data-scripts="/assets/main.js /assets/list.js /assets/shared.js /assets/react-dom.js /assets/purify.js /assets/policy.js"></script>',
    );
  });
});
