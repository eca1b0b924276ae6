import { displayName } from '@tabi/contract/person-name';
import { useLang } from './lang.tsx';

/** A person's name in the page's order (the contract's `displayName`): 姓 名 in Japanese, given name first in English. */
export function usePersonName(): (sei: string, mei: string) => string {
  const lang = useLang();
  return (sei, mei) => displayName(sei, mei, lang);
}
