/**
 * A message of the contract as the Japanese pages and answers write it (ADR 0206), for tests that hold the rules to
 * SPEC's words: the server and the pages format the same catalogs with the same library.
 */
import api from '../../messages/ja/api.json' with { type: 'json' };
import rules from '../../messages/ja/rules.json' with { type: 'json' };
import { messageFormatter } from '../message-format.ts';
import { writeSaid } from '../said.ts';

const format = messageFormatter(
  'ja-JP',
  { ...api, ...rules },
  {
    timeZone: 'Asia/Tokyo',
    onError: (error) => {
      throw error;
    },
  },
);

export function japanese(text: string): string;
export function japanese(text: string | null | undefined): string | null | undefined;
export function japanese(text: string | null | undefined): string | null | undefined {
  return typeof text === 'string' ? writeSaid(text, format) : text;
}
