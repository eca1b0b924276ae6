/** Texts of my page (SPEC §2 My page): the booking, its costs, people, guidance and actions. */
import { defineMessages } from '../../../i18n/messages.ts';
import ja from '../../../messages/ja/mypage.json';

export const useMypageMessages = defineMessages('mypage', ja);
