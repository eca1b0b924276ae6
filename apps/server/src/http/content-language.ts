/**
 * The language of a customer call's catalog texts: its `lang` parameter where it has one, else the first
 * of our languages its Accept-Language prefers (the pages always send their own), else Japanese, SPEC's.
 */
import { DEFAULT_LANG, type Lang, preferredLang } from '@tabi/contract/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function requestLang(request: FastifyRequest, asked?: Lang): Lang {
  return asked ?? preferredLang(request.headers['accept-language']) ?? DEFAULT_LANG;
}

/** Adds Accept-Language to the answer's Vary, keeping what a route already put there. */
export function varyByLanguage(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (/(^|,)\s*accept-language\s*(,|$)/i.test(vary)) return;
  reply.header('vary', vary ? `${vary}, accept-language` : 'accept-language');
}

/**
 * The language of an answer whose texts follow it: said in Content-Language, and Vary tells caches that the same
 * address answers differently by Accept-Language (texts without a translation stay Japanese).
 */
export function answerLang(request: FastifyRequest, reply: FastifyReply, asked?: Lang): Lang {
  const lang = requestLang(request, asked);
  varyByLanguage(reply);
  reply.header('content-language', lang);
  return lang;
}
