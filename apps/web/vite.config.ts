import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { catalogProblems, WEB_CATALOGS } from '../../scripts/message-catalogs.mjs';

const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes .br and .gz beside every compressible build file of 1 KB or more; the server's static handler
 * (@fastify/static preCompressed) sends them to browsers that accept them, so nothing is compressed per request.
 * Brotli at its best quality is about 4 s of one core for the whole build: the files are compressed at once, on
 * libuv's threads, not one after another on the main thread. The server renderer's build (dist/.ssr), which runs at
 * the same time, is not served and not compressed.
 */
function precompress(): Plugin {
  let outDir = '';
  const compressible = /\.(js|css|svg|html|json|txt)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      if (name === '.ssr') return [];
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'tabi-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = walk(outDir).filter((file) => compressible.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = readFileSync(file);
          if (content.length < 1024) return;
          const [gz, br] = await Promise.all([
            gzipped(content, { level: 9 }),
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          ]);
          writeFileSync(`${file}.gz`, gz);
          writeFileSync(`${file}.br`, br);
        }),
      );
    },
  };
}

/**
 * The message catalogs (ADR 0205): the build stops on a catalog that does not match the Japanese, and ships each
 * message already parsed, so the pages carry FormatJS without its parser.
 */
function messageCatalogs(): Plugin {
  const catalogFile = /\/(src|contract)\/messages\/[^/]+\/[^/]+\.json$/;
  return {
    name: 'tabi-message-catalogs',
    enforce: 'pre',
    buildStart() {
      const problems = catalogProblems(WEB_CATALOGS);
      if (problems.length > 0) this.error(`The message catalogs do not match:\n${problems.join('\n')}`);
    },
    resolveId(source, importer) {
      // Only the parser's types and its `TYPE` enum are needed once every message is parsed at build time.
      if (source === '@formatjs/icu-messageformat-parser' && importer && !importer.includes('/scripts/')) {
        return this.resolve('@formatjs/icu-messageformat-parser/no-parser.js', importer, { skipSelf: true });
      }
      return null;
    },
    transform(code, id) {
      if (!catalogFile.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const parsed = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      // Still JSON: Vite's own JSON plugin makes the module of it.
      return { code: JSON.stringify(parsed), map: null };
    },
  };
}

/**
 * The list and detail pages build no zod schema before their first render (ADR 0178, 0223): the build stops when
 * their modules reach zod through static imports, and names the path (a rule read from a schema module is the usual
 * way in; such rules live in schema-free modules like contract/catalog-rules.ts).
 */
function firstRenderWithoutZod(): Plugin {
  const pages = ['src/main.tsx', 'src/app/routes/index.tsx', 'src/app/routes/detail.tsx', 'src/app/routes/coupons.tsx'];
  return {
    name: 'tabi-first-render-without-zod',
    apply: 'build',
    generateBundle() {
      const root = path.resolve(import.meta.dirname);
      const shown = (id: string) => path.relative(root, id);
      for (const page of pages) {
        const start = path.join(root, page);
        const cameFrom = new Map<string, string>([[start, '']]);
        const queue = [start];
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) {
            if (cameFrom.has(next)) continue;
            cameFrom.set(next, id);
            if (!next.includes('/node_modules/zod/')) {
              queue.push(next);
              continue;
            }
            const chain = [];
            for (let at = id; at; at = cameFrom.get(at) ?? '') chain.unshift(shown(at));
            this.error(`${page} reaches zod before its first render: ${chain.join(' → ')} → zod`);
          }
        }
      }
    },
  };
}

/**
 * React DOM is a chunk the entry imports once its modules have run (main.tsx): a page the app renders by itself asks for
 * it with the entry rather than a round trip later. The server takes the link out of the pages it renders, whose
 * loader fetches it with their other scripts once they have painted (ADR 0202).
 */
function preloadReactDom(): Plugin {
  return {
    name: 'tabi-preload-react-dom',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find(
          (file) => file.type === 'chunk' && file.facadeModuleId?.endsWith('/src/app/react-dom-client.ts'),
        );
        if (!chunk) throw new Error('no chunk for src/app/react-dom-client.ts');
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server's page renderer (`vite build --ssr`, entry-server.tsx) goes to dist/.ssr: no public files,
  // no compressed twins, no manifest (the browser build's manifest lists the chunks to preload).
  plugins: isSsrBuild
    ? [messageCatalogs(), react()]
    : [messageCatalogs(), react(), firstRenderWithoutZod(), preloadReactDom(), precompress()],
  // Self-contained (React in its production build), so the server can load it from any WEB_DIST.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/api', '/sanctum', '/images', '/sandbox'].map((p) => [p, backend])),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: !isSsrBuild,
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // The app (index.html) and the loader the server puts on the pages it renders instead (src/boot.ts, ADR 0202).
    rollupOptions: isSsrBuild ? {} : { input: { index: 'index.html', boot: 'src/boot.ts' } },
  },
}));
