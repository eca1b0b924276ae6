/** Texts of the option list and the option detail (SPEC §2 Option list, Option detail). */
import { defineMessages } from '../../../i18n/messages.ts';
import ja from '../../../messages/ja/catalog.json';

export const useCatalogMessages = defineMessages('catalog', ja);
