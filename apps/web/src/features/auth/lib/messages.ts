import { defineMessages } from '../../../i18n/messages.ts';
import ja from '../../../messages/ja/auth.json';

export const useAuthMessages = defineMessages('auth', ja);
