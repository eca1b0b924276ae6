/**
 * Texts several pages share but the frame does not (age classes, rentals, a facility, the consent form): apart
 * from the common catalog, which every page's first script carries.
 */

import ja from '../messages/ja/shared.json';
import { defineMessages } from './messages.ts';

export const useSharedMessages = defineMessages('shared', ja);
