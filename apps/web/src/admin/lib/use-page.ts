import { SITE_NAME } from '@tabi/contract/routes';
import { useEffect, useRef } from 'react';

/**
 * Every console page: its title in the tab, and focus on its heading when it opens, so that a keyboard or
 * screen-reader user starts at the page's top after each navigation.
 */
export function useAdminPage(title: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title}｜スタッフ管理｜${SITE_NAME}`;
    heading.current?.focus({ preventScroll: false });
  }, [title]);
  return heading;
}
