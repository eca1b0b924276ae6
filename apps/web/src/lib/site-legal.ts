/**
 * The operator's legal data for the footer: the server writes it into every page as JSON; its page
 * renderer hands it over directly. The demo's values stand in when neither gave any (e.g. the dev server).
 */
import type { Lang } from '@tabi/contract/i18n';
import { DEMO_SITE_LEGAL, legalIn, SITE_LEGAL_ELEMENT_ID, type SiteLegal } from '@tabi/contract/site';

let serverLegal: SiteLegal | null = null;
let pageLegal: SiteLegal | null = null;

/** The page renderer's value, set before it renders (entry-server.tsx). */
export function setServerSiteLegal(legal: SiteLegal | undefined): void {
  serverLegal = legal ?? null;
}

function fromPage(): SiteLegal | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(SITE_LEGAL_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<SiteLegal>;
    return typeof value.companyName === 'string' ? { ...DEMO_SITE_LEGAL, ...value } : null;
  } catch {
    return null;
  }
}

/** The legal data as a page in `lang` shows it (the English where configured). */
export function siteLegal(lang: Lang): SiteLegal {
  if (!serverLegal) pageLegal ??= fromPage();
  return legalIn(serverLegal ?? pageLegal ?? DEMO_SITE_LEGAL, lang);
}
