/**
 * The production server (ADR 0194): src/main.ts and the sources it imports, our contract included, as one ES module
 * in dist/main.js; the packages of node_modules stay where they are and Node loads them. `npm start` builds it, and
 * `npm run serve` runs it with Node alone (no TypeScript compiler at run time). Scripts that start a real server
 * (end-to-end tests, benchmark, resilience, Lighthouse) build it first with `buildServer()` and run `SERVER_ENTRY`.
 */
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

export async function buildServer() {
  await build({
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
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
