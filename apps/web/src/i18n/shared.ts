/**
 * Texts several pages share but the frame does not (age classes, rentals, a facility, the consent form): apart
 * from the common catalog, which every page's first script carries.
 */

import { type CancelText, writeCancelText } from '@tabi/contract/cancel-policy';
import ja from '../messages/ja/shared.json';
import { useLang } from './lang.tsx';
import { defineMessages } from './messages.ts';

export const useSharedMessages = defineMessages('shared', ja);

/** A cancellation policy's text (the contract's rule, ADR 0205) in the page's language. */
export function useCancelText(): (text: CancelText) => string {
  const lang = useLang();
  const shared = useSharedMessages();
  // The rule names keys of this catalog with the values their messages take (cancel-policy.ts's CancelText).
  const format = shared as (key: string, values?: Record<string, string | number>) => string;
  return (text) => writeCancelText(text, lang, format);
}
