/**
 * The network of every component test (ADR 0203): Mock Service Worker answers the app's calls where `fetch` sends
 * them, so a screen under test runs its real API client (SPEC §8's envelope, the anti-forgery header, what a 419
 * or a lost connection does). It listens for the whole file (jsdom-setup.ts); a call no test answers fails the test.
 */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

export const apiServer = setupServer();

/** A success answering `response`, in SPEC §8's envelope. */
export const envelopeOf = (response: unknown): Response => HttpResponse.json({ errcd: '000', errMsg: '', response });

/** A call as the test's network received it: its URL, its method and its JSON body (empty for a GET). */
export interface ApiCall {
  url: URL;
  method: string;
  body: Record<string, unknown>;
}

/**
 * Answers every call with `answer`: a Response it returns is sent as it is, anything else as a success's `response`.
 * The anti-forgery cookie is set as the browser would hold it. Each test starts with no answers.
 */
export function stubApi(answer: (call: ApiCall) => unknown): void {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=token';
  apiServer.use(
    http.all('*', async ({ request }) => {
      const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      const result = await answer({ url: new URL(request.url), method: request.method, body });
      return result instanceof Response ? result : envelopeOf(result);
    }),
  );
}

/**
 * A screen's calls: each GET answered by its path from `gets`, each POST recorded (in the list returned) and answered
 * by `post`; any other call fails the test.
 */
export function stubApiCalls(
  gets: Record<string, unknown>,
  post: (call: ApiCall) => unknown = () => ({ ok: true }),
): ApiCall[] {
  const posts: ApiCall[] = [];
  stubApi((call) => {
    if (call.method === 'POST') {
      posts.push(call);
      return post(call);
    }
    if (Object.hasOwn(gets, call.url.pathname)) return gets[call.url.pathname];
    throw new Error(`unexpected call ${call.url}`);
  });
  return posts;
}
