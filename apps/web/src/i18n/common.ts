/** Texts of the frame every customer page shares: header, footer, language switch, shared controls. */

import ja from '../messages/ja/common.json';
import { defineMessages } from './messages.ts';

export const useCommonMessages = defineMessages('common', ja);
