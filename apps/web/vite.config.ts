import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';

/**
 * Writes .br and .gz beside every compressible build file of 1 KB or more; the server's static handler
 * (@fastify/static preCompressed) sends them to browsers that accept them, so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = '';
  const compressible = /\.(js|css|svg|html|json|txt)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'tabi-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server's page renderer (`vite build --ssr`, entry-server.tsx) goes to dist/.ssr: no public files,
  // no compressed twins, no manifest (the browser build's manifest lists the chunks to preload).
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
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
