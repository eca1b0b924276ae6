import type { CalendarDay } from '@tabi/contract/catalog';
import type { Ymd } from '@tabi/contract/dates';
import { lazy, Suspense, useRef, useState } from 'react';
import { useWaitlistMessages } from '../lib/messages.ts';
import { soldOutDays } from '../lib/sold-out-days.ts';
import styles from './waitlist.module.css';
import type { WaitlistJoinDialogProps } from './waitlist-join-dialog.tsx';

// The form and its schema load when the button is pressed: the detail page's first load stays as it was.
const WaitlistJoinDialog = lazy(() =>
  import('./waitlist-join-dialog.tsx').then((m) => ({ default: m.WaitlistJoinDialog })),
);

/**
 * Under the calendar, when the month on show has sold-out days, キャンセル待ちに登録 opens the form.
 * The calendar keeps those days unselectable (SPEC §2); this block is where a visitor waits for one.
 */
export function WaitlistJoin({
  option,
  valueList,
  today,
}: {
  option: WaitlistJoinDialogProps['option'];
  valueList: Record<string, CalendarDay>;
  today: Ymd;
}) {
  const t = useWaitlistMessages();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const days = soldOutDays(valueList, today);
  if (days.length === 0) return null;
  return (
    <section className={`panel ${styles.section}`} aria-labelledby="waitlist-title" data-testid="waitlist-join">
      <h3 id="waitlist-title" className={styles.sectionTitle}>
        {t('soldOutTitle')}
      </h3>
      <p className={styles.sectionText}>{t('soldOutText')}</p>
      <button
        ref={trigger}
        type="button"
        className="btn btn-outline"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('join')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <WaitlistJoinDialog option={option} days={days} onClose={() => setOpen(false)} opener={trigger} />
        </Suspense>
      )}
    </section>
  );
}
