/** 在庫・料金カレンダー of an option sold by start times: the month's days and departures, each to change alone. */
import type { StockDay } from '@tabi/contract/admin-catalog';
import type { AgeClass } from '@tabi/contract/constants';
import { useRef, useState } from 'react';
import { NumHead } from '../../components/num-head.tsx';
import { type Chosen, DepartureDialog } from './departure-dialog.tsx';
import styles from './option-stock.module.css';
import { capacityOf, priceTexts, shortDay, timesOf } from './stock-text.ts';

/**
 * 在庫・料金カレンダー of an option sold by start times: the month as a list, each day with its departures (times,
 * seats left, held, sold, capacity and prices) and a button to change one of them alone. A table on a desk, a card
 * per row on a phone.
 */
export function DepartureList({
  opcd,
  days,
  ageClasses,
}: {
  opcd: string;
  days: StockDay[];
  ageClasses: readonly AgeClass[];
}) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [done, setDone] = useState('');
  // The dialog leaves the page when it closes (it is drawn anew for each departure), so focus is given back here: to
  // the departure's button, or to the page's heading when the departure is gone.
  const opener = useRef<HTMLElement | null>(null);
  const close = () => {
    setChosen(null);
    requestAnimationFrame(() => {
      const back = opener.current;
      if (back?.isConnected) back.focus();
      else document.querySelector<HTMLElement>('#adm-main h1')?.focus();
    });
  };
  return (
    <>
      {done && <output className="adm-success">{done}</output>}
      <div className="adm-table-wrap">
        <table className={`adm-table adm-cards ${styles.departures}`}>
          <caption className="visually-hidden">日ごとの便・残席・予約・料金</caption>
          <thead>
            <tr>
              <th scope="col">時刻</th>
              <NumHead>残席</NumHead>
              <NumHead>仮押さえ</NumHead>
              <NumHead>販売済</NumHead>
              <NumHead>定員</NumHead>
              <th scope="col">料金</th>
              <th scope="col">
                <span className="visually-hidden">操作</span>
              </th>
            </tr>
          </thead>
          {days.map((d) => (
            <tbody key={d.date} className={d.open ? undefined : styles.dayOff}>
              <tr className={styles.dayRow}>
                <th scope="rowgroup" colSpan={7} className="adm-full">
                  {shortDay(d.date)}
                  {d.stopped && <span className={styles.stopped}>催行中止</span>}
                  {!d.open && <span className={styles.none}>販売なし</span>}
                </th>
              </tr>
              {d.departures.map((dep) => {
                const name = `${shortDay(d.date)} ${timesOf(dep)}`;
                return (
                  <tr
                    key={dep.startTime}
                    className={dep.left === 0 ? `${styles.departure} ${styles.full}` : styles.departure}
                  >
                    <th scope="row" className={`adm-full ${styles.time}`}>
                      {timesOf(dep)}
                      {dep.stopped && !d.stopped ? (
                        <span className={styles.tag}>催行中止</span>
                      ) : (
                        dep.left === 0 && <span className={styles.tag}>{d.stopped ? '停止中' : '残席なし'}</span>
                      )}
                    </th>
                    <td className="num" data-label="残席">
                      {dep.left}
                    </td>
                    <td className="num" data-label="仮押さえ">
                      {dep.held}
                    </td>
                    <td className="num" data-label="販売済">
                      {dep.sold}
                    </td>
                    <td className="num" data-label="定員">
                      {capacityOf(dep)}
                    </td>
                    <td className="adm-full" data-label="料金">
                      <span className={styles.prices}>
                        {priceTexts(ageClasses, dep).map((price, i) => (
                          <span key={ageClasses[i]}>{price}</span>
                        ))}
                      </span>
                    </td>
                    <td className={`adm-full ${styles.action}`}>
                      <button
                        type="button"
                        className="adm-button"
                        aria-label={`${name}の便を変更`}
                        onClick={(event) => {
                          opener.current = event.currentTarget;
                          setDone('');
                          setChosen({ date: d.date, stopped: dep.stopped, departure: dep });
                        }}
                      >
                        変更
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          ))}
        </table>
      </div>
      {chosen && (
        <DepartureDialog
          key={`${chosen.date} ${chosen.departure.startTime}`}
          opcd={opcd}
          chosen={chosen}
          ageClasses={ageClasses}
          onClose={close}
          onDone={(text) => {
            close();
            setDone(text);
          }}
        />
      )}
    </>
  );
}
