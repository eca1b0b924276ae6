/**
 * The Simplified Chinese of every customer page (ADR 0205): one chunk, loaded only by pages under its prefix, that the
 * server preloads there.
 */
import { englishMessage } from '@tabi/contract/messages-en';
import { catalogOf } from './catalog-files.ts';

export const catalog = catalogOf(import.meta.glob('../messages/zh-Hans/*.json', { eager: true, import: 'default' }));

/** What the contract's rules say in Japanese: in English until the shared rules speak by key (ADR 0206). */
export const contractText = englishMessage;
