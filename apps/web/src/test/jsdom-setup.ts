/**
 * Set up before every jsdom test file (vitest.config.ts, project `dom`): what jsdom lacks and the app uses.
 * jsdom has <dialog> without its modal methods; the console's and my page's dialogs open with showModal().
 */

import { LANGS } from '@tabi/contract/i18n';
import { configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadRules } from '../i18n/messages.ts';
import { apiServer } from './api-server.ts';

HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.open = false;
};
// jsdom has no canvas and says so on stderr for every call; axe-core asks for one and does without (null).
HTMLCanvasElement.prototype.getContext = () => null;

// What a screen shows after a call or a render may take seconds on a busy 2-core machine (jsdom is slow on a large
// page): testing-library's findBy and waitFor wait up to 10 s instead of 1 s. A test that passes only slowly is slow,
// not flaky.
configure({ asyncUtilTimeout: 10_000 });

// Every call of the app goes to the test's network (api-server.ts); one no test answers is an error, never a request
// to a real address.
beforeAll(() => apiServer.listen({ onUnhandledFrame: 'error' }));
// The rules' messages come in a chunk of their own that a page asks for with its first form (messages.ts): here they
// are in before any screen renders, as they are long before a visitor can get a field wrong.
beforeAll(() => Promise.all(LANGS.map(loadRules)));
afterEach(() => apiServer.resetHandlers());
afterAll(() => apiServer.close());
