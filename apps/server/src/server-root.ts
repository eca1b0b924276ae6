import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's directory (apps/server), the same from its sources (`src/`, run by tsx in development and
 * tests) and from its build (`dist/main.js`, one file, ADR 0194): the migrations, the demo data's directory and the
 * web build are found from here.
 */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The production build (apps/server/build.mjs); `npm run bench` and `npm run resilience` build it before they start. */
export const SERVER_BUILD = path.join(SERVER_ROOT, 'dist', 'main.js');
