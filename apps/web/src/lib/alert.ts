import { pageLang } from '../i18n/lang.tsx';
import { contractTextIn } from '../i18n/messages.ts';

/**
 * SPEC §8 speaks of alerts; one place shows them so tests and later UI changes have one seam. A message of the
 * contract's (SPEC's Japanese) is shown in the page's language; the server's messages
 * already come in it.
 */
export function showAlert(message: string): void {
  window.alert(contractTextIn(pageLang())(message));
}

/** SPEC §8: booking error messages turn line-break tags into newlines. */
export function brToNewline(message: string): string {
  return message.replace(/<br\s*\/?>/gi, '\n');
}
