import { pageTitle } from '@tabi/contract/routes';
import { useEffect } from 'react';

export function setPageMeta(title: string, description?: string): void {
  document.title = pageTitle(title);
  if (description !== undefined) {
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }
}

/** A page that knows better than its route (e.g. the option's name on /detail) sets its own title. */
export function usePageMeta(title: string | undefined, description?: string): void {
  useEffect(() => {
    if (title) setPageMeta(title, description);
  }, [title, description]);
}
