/** Which languages an option lacks (untranslatedLangs: its name is not translated into them), as 商品一覧 and 商品編集 say it. */
import type { TranslatedLang } from '@tabi/contract/content';
import { langList } from '../lib/langs.ts';
import { Status } from './status.tsx';

export function Untranslated({ langs }: { langs: readonly TranslatedLang[] }) {
  if (langs.length === 0) return null;
  return <Status tone="pending">未翻訳：{langList(langs)}</Status>;
}
