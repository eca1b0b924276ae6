/**
 * A page open since before a deploy names the scripts of the build it came with, and the server has them no longer
 * (404): the import of the next step fails (Vite's `vite:preloadError`), and the visitor would see the error page.
 * The page loads itself again instead, with the new build; what the visitor typed is in the persisted stores, as on
 * any reload. Only when the server answers (a phone out of signal keeps its page, and the error's way back), and once
 * a minute at most (a build broken on the server does not reload for ever).
 */
const LAST_RELOAD = 'tabi-new-build-reload';
const AT_MOST_EVERY_MS = 60_000;

export async function reloadForNewBuild({
  reload = () => window.location.reload(),
  now = Date.now(),
}: {
  reload?: () => void;
  now?: number;
} = {}): Promise<boolean> {
  try {
    if (now - (Number(window.sessionStorage.getItem(LAST_RELOAD)) || 0) < AT_MOST_EVERY_MS) return false;
    const answer = await fetch('/healthz', { method: 'HEAD', cache: 'no-store' });
    if (!answer.ok) return false;
    window.sessionStorage.setItem(LAST_RELOAD, String(now));
  } catch {
    // Offline, or storage refused (it would not stop a loop): the error page stays, with its way back.
    return false;
  }
  reload();
  return true;
}
