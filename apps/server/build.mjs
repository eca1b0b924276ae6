/**
 * The production server (ADR 0194): src/main.ts and the sources it imports, our contract included, as one ES module
 * in dist/main.js; the operator's commands (src/scripts/ops.ts), the demo data's loader (src/scripts/seed.ts) and the
 * end-to-end tests' database (src/quality/prepare-e2e-db.ts) the same way, as dist/ops.js, dist/seed.js and
 * dist/prepare-e2e-db.js. The packages are bundled too, but for those that read files of their own
 * at run time or load a native addon (ADR 0218): Node resolving some thousand files of node_modules, each with a look
 * for its package.json, was most of a start (a server's 2.6 s to refuse PORT=abc, 1.7 s for `npm run ops -- help`).
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
const ENTRIES = {
  main: './src/main.ts',
  ops: './src/scripts/ops.ts',
  seed: './src/scripts/seed.ts',
  'prepare-e2e-db': './src/quality/prepare-e2e-db.ts',
};

/**
 * The packages left to Node: each reads files beside itself (PGlite its WebAssembly and data, pdfkit and fontkit their
 * font data, the Noto font its files, the API docs their pages, jsdom a worker by path), loads a native addon (sharp),
 * or is optional and not installed (pg-native). stripe and passkit-generator are left out as published: their
 * builds pick files by export conditions that a bundle would fix once.
 */
const LEFT_TO_NODE = [
  '@electric-sql/pglite',
  '@expo-google-fonts/noto-sans-jp',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'fontkit',
  'jsdom',
  'passkit-generator',
  'pdfkit',
  'pg-native',
  'sharp',
  'stripe',
];

const packagesOutside = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      LEFT_TO_NODE.some((name) => args.path === name || args.path.startsWith(`${name}/`)) ||
      args.path.startsWith('node:')
        ? { external: true }
        : undefined,
    );
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
    // The bundled CommonJS packages require Node's own modules; an ES module has no \`require\` of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
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
