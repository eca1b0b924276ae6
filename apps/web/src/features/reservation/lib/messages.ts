/** Texts of the reservation steps (SPEC §2 Participant entry, Rental entry, Confirm, Complete). */
import { defineMessages } from '../../../i18n/messages.ts';
import ja from '../../../messages/ja/reservation.json';

export const useReservationMessages = defineMessages('reservation', ja);
