/** Texts of the option detail page only (SPEC §2 Option detail): apart from the list's, which `/` loads. */
import { defineMessages } from '../../../i18n/messages.ts';
import ja from '../../../messages/ja/detail.json';

export const useDetailMessages = defineMessages('detail', ja);
