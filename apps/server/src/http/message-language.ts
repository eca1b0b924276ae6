/**
 * The API's messages in the caller's language (ADR 0206): the answers stay SPEC §7's, Japanese by default, and
 * the errMsg of an envelope is written in the first of our languages that the call's Accept-Language prefers (the
 * pages send their own). The console (/api/admin) is Japanese; OCTO has its own errors.
 */
import { DEFAULT_LANG, preferredLang } from '@tabi/contract/i18n';
import { isSaid } from '@tabi/contract/said';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { textIn } from '../i18n/said-text.ts';
import { varyByLanguage } from './content-language.ts';

function isEnvelope(payload: unknown): payload is { errcd: string; errMsg: string; response: unknown } {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as { errMsg?: unknown }).errMsg === 'string' &&
    'errcd' in payload
  );
}

/**
 * A message in the language of the call: the first of ours its Accept-Language prefers, Japanese for the console.
 * Any other text is the console's Japanese, or what a caller wrote (a reseller's note), and stays as it is.
 */
export function messageFor(request: FastifyRequest, reply: FastifyReply, text: string): string {
  const console = request.url.startsWith('/api/admin');
  // Every such answer may differ by language, the Japanese ones too: a cache must keep them apart.
  if (!console) varyByLanguage(reply);
  const lang = console ? DEFAULT_LANG : (preferredLang(request.headers['accept-language']) ?? DEFAULT_LANG);
  return isSaid(text) ? textIn(lang, text) : text;
}

export function registerMessageLanguage(app: FastifyInstance): void {
  // Every envelope, the API's and the few other paths' (a missing picture, the metrics' refusal).
  app.addHook('preSerialization', async (request, reply, payload) =>
    isEnvelope(payload) ? { ...payload, errMsg: messageFor(request, reply, payload.errMsg) } : payload,
  );
}
