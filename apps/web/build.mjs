// `npm run build` of the web app: the browser build (dist) and the server renderer's (dist/.ssr) at the same time, in
// two processes (Vite's bundling is mostly one thread), then the first visit's script budget. dist is emptied here
// once, before both start, so neither build empties what the other writes.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTogether } from '../../scripts/run-together.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const which = process.argv[2];

if (which === 'client' || which === 'ssr') {
  // One of the two builds, with vite.config.ts and what differs between them.
  const { build } = await import('vite');
  await build({
    root: here,
    build:
      which === 'client'
        ? { emptyOutDir: false }
        : { ssr: 'src/entry-server.tsx', outDir: 'dist/.ssr', emptyOutDir: false },
  });
} else {
  rmSync(path.join(here, 'dist'), { recursive: true, force: true });
  const self = fileURLToPath(import.meta.url);
  const built = await runTogether(
    [
      [process.execPath, self, 'client'],
      [process.execPath, self, 'ssr'],
    ],
    { cwd: here },
  );
  if (!built) process.exit(1);
  await import('../../scripts/js-budget.mjs');
}
