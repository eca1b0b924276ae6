/** The customer pages' icons: decorative (the control they sit in carries the name), drawn in the text colour. */
function Icon({ path, size }: { path: string; size: number }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width={size} height={size}>
      <path fill="currentColor" d={path} />
    </svg>
  );
}

const CALENDAR =
  'M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9ZM5 6v2h14V6H5v2Zm2 6h2v2H7v-2Zm4 0h2v2h-2v-2Zm4 0h2v2h-2v-2Z';
const SEARCH =
  'M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.4-5.4-5.38A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z';

/** The button that opens a date field's calendar. */
export function CalendarIcon({ size = 20 }: { size?: number }) {
  return <Icon path={CALENDAR} size={size} />;
}

export function SearchIcon({ size = 20 }: { size?: number }) {
  return <Icon path={SEARCH} size={size} />;
}

const GLOBE =
  'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm-2.35 2.3A8 8 0 0 0 4.06 11h3.97c.1-2.5.7-4.83 1.62-6.7Zm4.7 0c.92 1.87 1.52 4.2 1.62 6.7h3.97a8 8 0 0 0-5.59-6.7ZM12 4.08C11 5.63 10.13 8.1 10.03 11h3.94C13.87 8.1 13 5.63 12 4.08ZM4.06 13a8 8 0 0 0 5.59 6.7c-.92-1.87-1.52-4.2-1.62-6.7H4.06Zm5.97 0c.1 2.9.97 5.37 1.97 6.92 1-1.55 1.87-4.02 1.97-6.92h-3.94Zm5.94 0c-.1 2.5-.7 4.83-1.62 6.7a8 8 0 0 0 5.59-6.7h-3.97Z';

/** Beside the language switch. */
export function GlobeIcon({ size = 18 }: { size?: number }) {
  return <Icon path={GLOBE} size={size} />;
}
