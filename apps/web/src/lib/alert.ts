import { isSaid } from '@tabi/contract/said';
import { pageLang } from '../i18n/lang.tsx';
import { loadRules, saidIn } from '../i18n/messages.ts';

/**
 * SPEC §8 speaks of alerts; one place shows them so tests and later UI changes have one seam. A message of the
 * shared rules (`say`) is written in the page's language, once its catalog is here; the server's messages already
 * come in it.
 */
export function showAlert(message: string): void {
  const lang = pageLang();
  const write = saidIn(lang);
  if (write) window.alert(write(message));
  else if (!isSaid(message)) window.alert(message);
  else void loadRules(lang).then((written) => window.alert(written(message)));
}

/** SPEC §8: booking error messages turn line-break tags into newlines. */
export function brToNewline(message: string): string {
  return message.replace(/<br\s*\/?>/gi, '\n');
}
