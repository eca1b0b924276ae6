/** Texts of the availability calendar and the party form (SPEC §2 Availability calendar, Option detail). */
import { defineMessages } from '../../../i18n/messages.ts';
import ja from '../../../messages/ja/availability.json';

export const useAvailabilityMessages = defineMessages('availability', ja);
