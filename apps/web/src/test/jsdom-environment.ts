/**
 * Vitest's jsdom environment, run in a VM context of a kept thread (`vmThreads`, ADR 0220), with the web globals of
 * Node that Mock Service Worker and Node's `fetch` need: Node's own AbortController and AbortSignal (ADR 0203; jsdom's,
 * which Node's `fetch` refuses: "Expected signal to be an instance of AbortSignal") and the streams and headers a
 * context lacks. jsdom keeps its own events, Blob, File and FormData, which its elements and FileReader check.
 */
import type { Environment } from 'vitest/environments';
import { builtinEnvironments } from 'vitest/environments';

const jsdom = builtinEnvironments.jsdom;
const FROM_NODE = [
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'Headers',
] as const;

export default {
  ...jsdom,
  name: 'jsdom-node-web',
  async setup(global, options) {
    const environment = await jsdom.setup(global, options);
    for (const name of FROM_NODE) global[name] = globalThis[name];
    return environment;
  },
  async setupVM(options) {
    if (!jsdom.setupVM) throw new Error("Vitest's jsdom environment has no setupVM");
    const environment = await jsdom.setupVM(options);
    const context = environment.getVmContext();
    for (const name of FROM_NODE) context[name] = globalThis[name];
    return environment;
  },
} satisfies Environment;
