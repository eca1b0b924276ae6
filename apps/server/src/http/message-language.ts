/**
 * The customer API's messages in the caller's language: the answers stay SPEC §7's, Japanese by
 * default, and a call whose Accept-Language prefers English (the English pages send `en`) gets the errMsg of its
 * envelope in English, from the contract's one table. The console (/api/admin) stays Japanese; OCTO has its own
 * errors.
 */
import { preferredLang } from '@tabi/contract/i18n';
import { englishMessage } from '@tabi/contract/messages-en';
import type { FastifyInstance } from 'fastify';
import { varyByLanguage } from './content-language.ts';

function isEnvelope(payload: unknown): payload is { errcd: string; errMsg: string; response: unknown } {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as { errMsg?: unknown }).errMsg === 'string' &&
    'errcd' in payload
  );
}

export function registerMessageLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const path = request.url;
    if (!path.startsWith('/api/') || path.startsWith('/api/admin') || !isEnvelope(payload)) return payload;
    // Every such answer may differ by language, the Japanese ones too: a cache must keep them apart.
    varyByLanguage(reply);
    if (preferredLang(request.headers['accept-language']) !== 'en' || payload.errMsg === '') return payload;
    const english = englishMessage(payload.errMsg);
    return english === null ? payload : { ...payload, errMsg: english };
  });
}
