import { LANG_BASE } from '@tabi/contract/i18n';
import { useCommonMessages } from '../i18n/common.ts';
import { useLang } from '../i18n/lang.tsx';

export function RouteError() {
  const lang = useLang();
  const t = useCommonMessages();
  return (
    <div className="container page">
      <h1 className="page-title">{t('errorTitle')}</h1>
      <p>{t('unexpected')}</p>
      <a className="btn btn-secondary" href={`${LANG_BASE[lang]}/`}>
        {t('toTopPage')}
      </a>
    </div>
  );
}
