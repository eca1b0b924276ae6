/** 在庫・料金カレンダー of an option sold by whole days: the month as a calendar, a day per cell. */
import { STOCK_PRICE_KEY, type StockDay, WEEKDAY_LABEL } from '@tabi/contract/admin-catalog';
import { AGE_CLASS_LABEL, type AgeClass } from '@tabi/contract/constants';
import { Fragment } from 'react';
import { yen } from './stock-text.ts';

export function MonthGrid({ days, ageClasses }: { days: StockDay[]; ageClasses: readonly AgeClass[] }) {
  const first = days[0];
  if (!first) return null;
  const lead = new Date(`${first.date}T00:00:00Z`).getUTCDay();
  const cells: (StockDay | null)[] = [...Array.from({ length: lead }, () => null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (StockDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return (
    <table className="adm-table adm-stock-grid">
      <caption className="visually-hidden">日ごとの残席・予約・料金</caption>
      <thead>
        <tr>
          {WEEKDAY_LABEL.map((w) => (
            <th key={w} scope="col">
              {w}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.find((d) => d)?.date}>
            {week.map((d, i) =>
              d ? (
                <td key={d.date} className={d.open ? (d.left === 0 ? 'adm-day-full' : undefined) : 'adm-day-off'}>
                  <strong>{Number(d.date.slice(8))}日</strong>
                  {d.stopped && <p className="adm-day-stopped">催行中止</p>}
                  {d.open ? (
                    <dl>
                      <dt>残席</dt>
                      <dd>{d.left}</dd>
                      <dt>仮押さえ</dt>
                      <dd>{d.held}</dd>
                      <dt>販売済</dt>
                      <dd>{d.sold}</dd>
                      {/* The prices of the age classes the option sells (no 中人 line without 中人). */}
                      {ageClasses.map((c) => (
                        <Fragment key={c}>
                          <dt>{AGE_CLASS_LABEL[c]}</dt>
                          <dd>{yen(d[STOCK_PRICE_KEY[c]])}</dd>
                        </Fragment>
                      ))}
                    </dl>
                  ) : (
                    <p className="adm-muted">販売なし</p>
                  )}
                </td>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: empty cells before and after the month
                <td key={`pad-${i}`} aria-hidden="true" />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
