/**
 * The English of every customer page (ADR 0205): one chunk, loaded only by pages under /en/, that the server
 * preloads there.
 */
import { catalogOf } from './catalog-files.ts';

export const catalog = catalogOf(import.meta.glob('../messages/en/*.json', { eager: true, import: 'default' }));
