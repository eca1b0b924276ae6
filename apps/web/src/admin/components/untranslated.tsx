/** Which languages an option lacks (untranslatedLangs: its name is not translated into them), as 商品一覧 and 商品編集 say it. */
import type { TranslatedLang } from '@tabi/contract/content';
import { langList } from '../lib/langs.ts';

export function Untranslated({ langs }: { langs: readonly TranslatedLang[] }) {
  if (langs.length === 0) return null;
  return <span className="adm-status adm-status-6">未翻訳：{langList(langs)}</span>;
}
