/**
 * Vitest's jsdom environment with Node's own AbortController and AbortSignal (ADR 0203). jsdom brings its own, which
 * Node's `fetch` refuses ("Expected signal to be an instance of AbortSignal"); a test's network (Mock Service Worker)
 * answers the app's calls inside Node's `fetch`, so the two must agree.
 */
import type { Environment } from 'vitest/environments';
import { builtinEnvironments } from 'vitest/environments';

const jsdom = builtinEnvironments.jsdom;

export default {
  ...jsdom,
  name: 'jsdom-node-abort',
  async setup(global, options) {
    const { AbortController, AbortSignal } = globalThis;
    const environment = await jsdom.setup(global, options);
    Object.assign(global, { AbortController, AbortSignal });
    return environment;
  },
} satisfies Environment;
