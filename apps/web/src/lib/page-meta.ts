import type { Lang } from '@tabi/contract/i18n';
import { pageTitle } from '@tabi/contract/routes';
import { useEffect } from 'react';
import { useLang } from '../i18n/lang.tsx';

export function setPageMeta(title: string, lang: Lang, description?: string): void {
  document.title = pageTitle(title, lang);
  if (description !== undefined) {
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }
}

/** A page that knows better than its route (e.g. the option's name on /detail) sets its own title. */
export function usePageMeta(title: string | undefined, description?: string): void {
  const lang = useLang();
  useEffect(() => {
    if (title) setPageMeta(title, lang, description);
  }, [title, lang, description]);
}
