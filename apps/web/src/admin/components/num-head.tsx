import type { ReactNode } from 'react';

/** A hand-written table's column head over figures: aligned to the right, as the figures under it are. */
export function NumHead({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="num">
      {children}
    </th>
  );
}
