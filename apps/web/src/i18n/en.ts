/**
 * The English of every customer page (ADR 0205): one chunk, loaded only by pages under /en/, that the server
 * preloads there.
 */
import { englishMessage } from '@tabi/contract/messages-en';
import { catalogOf } from './catalog-files.ts';

export const catalog = catalogOf(import.meta.glob('../messages/en/*.json', { eager: true, import: 'default' }));

/** What the contract's rules say in Japanese, in English (`MSG_EN`). */
export const contractText = englishMessage;
