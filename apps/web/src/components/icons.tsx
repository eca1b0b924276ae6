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
