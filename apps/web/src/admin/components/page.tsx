import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router';
import { useAdminPage } from '../lib/use-page.ts';

/**
 * A console page: a link back (to the page it belongs to), its heading (focused on arrival; the tab is titled
 * `title`), what stands beside the heading, and its content.
 */
export function AdminPage({
  title,
  heading = title,
  back,
  aside,
  className,
  headingRef,
  children,
}: {
  title: string;
  /** The heading when it says more than the tab's title (the option's code, the day). */
  heading?: ReactNode;
  back?: { to: string; label: string };
  aside?: ReactNode;
  className?: string;
  /** For a page that moves focus back to its heading later (after a dialog closes). */
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  const own = useAdminPage(title);
  const ref = (element: HTMLHeadingElement | null) => {
    own.current = element;
    if (headingRef) headingRef.current = element;
  };
  return (
    <section className={className ? `adm-page ${className}` : 'adm-page'}>
      {back && (
        <p>
          <Link to={back.to}>← {back.label}</Link>
        </p>
      )}
      <div className="adm-page-head">
        <h1 ref={ref} tabIndex={-1}>
          {heading}
        </h1>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** A titled box of a page; `aside` stands at the right of its heading (a link to the full list). */
export function Card({
  id,
  title,
  aside,
  children,
}: {
  id: string;
  title: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="adm-card" aria-labelledby={id}>
      <header className="adm-card-head">
        <h2 id={id}>{title}</h2>
        {aside}
      </header>
      {children}
    </section>
  );
}

/** Terms and their values, two columns (`adm-facts` on a page, `adm-effect` for an action's effect). */
export function Facts({ rows, className = 'adm-facts' }: { rows: [string, ReactNode][]; className?: string }) {
  return (
    <dl className={className}>
      {rows.map(([term, value], i) => (
        // A term may stand twice (a fact of each option): the place in the list keeps the rows apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows are drawn anew with the data, never reordered.
        <div key={`${term}-${i}`}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
