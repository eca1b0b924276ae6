/** The sales cutoff as the detail page says it to customers, read from what the clerk has typed so far. */
import { SALES_CUTOFF_TIME, salesCutoffText } from '@tabi/contract/sales-cutoff';

/** 「お客様への表示：…」, or '' while the days or the time typed are not yet a cutoff. */
export function salesCutoffSummary(days: string, time: string): string {
  const daysBefore = Number(String(days).normalize('NFKC'));
  const clock = String(time).normalize('NFKC').trim();
  const valid = Number.isInteger(daysBefore) && daysBefore >= 0 && SALES_CUTOFF_TIME.test(clock);
  return valid ? `お客様への表示：${salesCutoffText({ daysBefore, time: clock })}` : '';
}
