/**
 * The production server (ADR 0194): src/main.ts and the sources it imports, our contract included, as one ES module
 * in dist/main.js; the operator's commands (src/scripts/ops.ts) and the demo data's loader (src/scripts/seed.ts) the
 * same way, as dist/ops.js and dist/seed.js. The packages of node_modules stay where they are and Node loads them.
 * `npm start` builds them, `npm run serve` runs the server with Node alone (no TypeScript compiler at run time), and
 * `npm run ops` and `npm run seed` build their own file first (about a second) and run it. Scripts that start a real
 * server (end-to-end tests, benchmark, resilience, Lighthouse) build it first with `buildServer()` and run
 * `SERVER_ENTRY`.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const SERVER_ENTRY = fileURLToPath(new URL('./dist/main.js', import.meta.url));

/** Each built file by name: dist/<name>.js from its source. */
const ENTRIES = { main: './src/main.ts', ops: './src/scripts/ops.ts', seed: './src/scripts/seed.ts' };

/** Everything not ours (node_modules and Node's own modules) is left to Node; `@tabi/*` is bundled. */
const packagesOutside = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@tabi/') ? undefined : { external: true }));
  },
};

/**
 * Builds dist/<name>.js and its map for each name (all three by default). Each file is written beside its place and
 * renamed onto it, so a server started meanwhile by another process (the two end-to-end shards build at once) reads
 * the old file or the new, never half.
 */
export async function buildServer(names = Object.keys(ENTRIES)) {
  const result = await build({
    entryPoints: Object.fromEntries(
      names.map((name) => [name, fileURLToPath(new URL(ENTRIES[name], import.meta.url))]),
    ),
    outdir: path.dirname(SERVER_ENTRY),
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

// `node build.mjs [name…]`: the names given, or all.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !(name in ENTRIES));
  if (unknown.length > 0)
    throw new Error(`build.mjs: no entry ${unknown.join(', ')} (${Object.keys(ENTRIES).join(', ')})`);
  await buildServer(names.length > 0 ? names : undefined);
}
