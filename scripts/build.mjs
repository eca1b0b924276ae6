// `npm run build`: the web app (its two Vite builds, apps/web/build.mjs) and the server (apps/server/build.mjs) at the
// same time; neither reads what the other writes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTogether } from './run-together.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = await runTogether(
  [
    [process.execPath, 'apps/web/build.mjs'],
    [process.execPath, 'apps/server/build.mjs'],
  ],
  { cwd: root },
);
process.exit(built ? 0 : 1);
