/**
 * The production server (ADR 0194): src/main.ts and the sources it imports, our contract included, as one ES module
 * in dist/main.js; the packages of node_modules stay where they are and Node loads them. `npm start` builds it, and
 * `npm run serve` runs it with Node alone (no TypeScript compiler at run time). Scripts that start a real server
 * (end-to-end tests, benchmark, resilience, Lighthouse) build it first with `buildServer()` and run `SERVER_ENTRY`.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const SERVER_ENTRY = fileURLToPath(new URL('./dist/main.js', import.meta.url));

/** Everything not ours (node_modules and Node's own modules) is left to Node; `@tabi/*` is bundled. */
const packagesOutside = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@tabi/') ? undefined : { external: true }));
  },
};

/**
 * Builds dist/main.js and its map. Each file is written beside its place and renamed onto it, so a server started
 * meanwhile by another process (the two end-to-end shards build at once) reads the old file or the new, never half.
 */
export async function buildServer() {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./src/main.ts', import.meta.url))],
    outfile: SERVER_ENTRY,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [packagesOutside],
    write: false,
  });
  mkdirSync(path.dirname(SERVER_ENTRY), { recursive: true });
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
