/**
 * Scrolls a section to the top of the screen (under the sticky header, by its scroll-margin) and keeps it there.
 * The detail page lays its sections out only as they come near the screen (`content-visibility: auto`): a long
 * jump makes the sections above take their real height after the scroll began, which moved the target away (on a
 * phone held sideways 「日付を選んで予約する」 stopped at the map, the calendar off-screen). So the smooth scroll is
 * followed, once it ends, by instant corrections until the target stays put.
 */
export function scrollToSection(target: HTMLElement): void {
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  let last = Number.NaN;
  let corrections = 0;
  const settle = () => {
    const top = target.getBoundingClientRect().top;
    if (Math.abs(top - last) <= 1 || corrections >= 20) return;
    last = top;
    corrections += 1;
    target.scrollIntoView({ behavior: 'auto', block: 'start' });
    window.requestAnimationFrame(settle);
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    window.requestAnimationFrame(settle);
  };
  window.addEventListener('scrollend', start, { once: true });
  // A browser without scrollend, or a target already in place (no scroll at all): settle after the smooth scroll.
  window.setTimeout(start, reduced ? 0 : 700);
}
