/** Texts of キャンセル待ち (ADR 0167): the block under the calendar, its dialog and the mail link's panel. */
import { defineMessages } from '../../../i18n/messages.ts';
import ja from '../../../messages/ja/waitlist.json';

export const useWaitlistMessages = defineMessages('waitlist', ja);
