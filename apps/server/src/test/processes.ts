/**
 * Tests that start the server or a script as a process of its own (start-up errors, the data directory's lock,
 * `npm run ops`). They open no test database (each runs on an embedded one of its own, or on none), so they run on the
 * PGlite tier only: on the PostgreSQL tier they would repeat the very same runs.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The server as production runs it (ADR 0194), built by the global setup before the files run: it starts in about a
 * second, where `tsx src/main.ts` compiled the whole server again for each start (three to eight seconds).
 */
export const SERVER_ENTRY = path.join(serverRoot, 'dist/main.js');

/** `npm run ops` as production runs it: the operator's commands built beside the server (build.mjs). */
export const OPS_ENTRY = path.join(serverRoot, 'dist/ops.js');

/** False on the PostgreSQL tier (see above). */
export const processTestsHere = process.env.TEST_DB !== 'postgres';
